import { useState } from 'react';
import { call, problemText } from '#client/lib/api-client.ts';
import { confirmSetupStep, type SetupStep, sendTestEmail, setupChecklist } from '#shared/api/setup.ts';
import { Feedback } from './Feedback.tsx';
import { Link } from './router.tsx';
import { useEndpoint } from './useEndpoint.ts';

/** What each step asks of the owner, and where in the back office it is done. */
const stepWords: Record<SetupStep, { title: string; how: string; screen?: { to: string; label: string } }> = {
  firm: {
    title: 'Your firm’s details',
    how: 'Its names, addresses, numbers, hours and promises, which every page and email shows. Until you save your own, visitors see the demo firm’s where it was loaded, and otherwise only a page saying the website is being set up.',
    screen: { to: 'firm', label: 'Open Firm details' },
  },
  adviser: {
    title: 'An adviser who takes calls',
    how: 'Visitors book their initial call with an adviser: add at least one, with their working hours.',
    screen: { to: 'advisers', label: 'Open Advisers' },
  },
  'test-email': {
    title: 'A test email',
    how: 'Send yourself one, as the site sends every email, and say when it arrives.',
  },
  'bot-check': {
    title: 'The bot check',
    how: 'The website’s forms need a check that keeps out spam robots. Whoever runs your server turns it on in the site’s settings (docs/configuration.md); the step ticks itself once it is on.',
  },
  backups: {
    title: 'Backups',
    how: 'Ask whoever runs your server to back the website’s data up every day and keep copies away from it (docs/operations.md says how). Tick this once they have.',
  },
};

/**
 * The owner's set-up checklist at the top of the overview, shown until every step is done. The site
 * ticks what it can see; the owner ticks what it cannot (an email arriving, backups outside the site).
 */
export function SetupChecklist() {
  const checklist = useEndpoint(setupChecklist, {});
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const steps = checklist.data?.steps;
  if (!steps || steps.every((step) => step.done)) return null;

  const act = async (action: () => Promise<{ infoMessages: string[] }>) => {
    setProblem(null);
    setStatus('');
    try {
      setStatus((await action()).infoMessages.join(' '));
      await checklist.reload();
    } catch (error) {
      setProblem(problemText(error));
    }
  };
  const tick = (step: SetupStep) => act(() => call(confirmSetupStep, { params: { step } }));
  const left = steps.filter((step) => !step.done).length;

  return (
    <section aria-labelledby="setup-title" className="card bo-setup">
      <h2 id="setup-title">Setting up your website</h2>
      <p>
        {left === 1 ? 'One step is left' : `${left} of ${steps.length} steps are left`}. This list goes once
        each is done.
      </p>
      <ol className="bo-setup__steps">
        {steps.map(({ step, done, confirmedBy }) => {
          const words = stepWords[step];
          return (
            <li key={step} className={done ? 'bo-setup__done' : undefined}>
              <h3>
                {words.title}
                <span className="bo-muted">{done ? ' (done)' : ' (to do)'}</span>
              </h3>
              {!done && (
                <>
                  <p>{words.how}</p>
                  {words.screen && (
                    <p>
                      <Link to={words.screen.to}>{words.screen.label}</Link>
                    </p>
                  )}
                  {step === 'test-email' && (
                    <button
                      type="button"
                      className="button"
                      onClick={() => act(() => call(sendTestEmail, {}))}
                    >
                      Send me a test email
                    </button>
                  )}
                  {confirmedBy === 'owner' && (
                    <button type="button" className="button button--secondary" onClick={() => tick(step)}>
                      {step === 'test-email' ? 'It arrived' : 'Our backups are in place'}
                    </button>
                  )}
                </>
              )}
            </li>
          );
        })}
      </ol>
      <Feedback status={status} problems={problem} />
    </section>
  );
}
