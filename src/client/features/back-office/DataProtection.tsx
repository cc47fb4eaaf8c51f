import { type FormEvent, useState } from 'react';
import { call, problemText } from '#client/lib/api-client.ts';
import { erasePersonalData, exportPersonalData } from '#shared/api/back-office-data-protection.ts';
import { emailBodySchema } from '#shared/api/back-office-staff.ts';
import { erasedCounts } from '#shared/erasure-words.ts';
import { Feedback } from './Feedback.tsx';

/** Subject access and erasure requests for one email address; both land in the audit log. */
export function DataProtection() {
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const run = async (action: () => Promise<string>) => {
    setProblem(null);
    setStatus('');
    try {
      setStatus(await action());
    } catch (error) {
      setProblem(problemText(error));
    }
  };

  const exportData = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const data = await call(exportPersonalData, { body: { email } });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(
        new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
      );
      link.download = `personal-data-${email.trim().toLowerCase()}.json`;
      link.click();
      URL.revokeObjectURL(link.href);
      return `Exported everything held about ${email}.`;
    });
  };

  const erase = () => {
    // The address is checked by the rule the server uses before the irreversible question is asked.
    const checked = emailBodySchema.safeParse({ email });
    if (!checked.success) {
      setStatus('');
      setProblem(checked.error.issues.map((issue) => issue.message).join(' '));
      return;
    }
    setProblem(null);
    if (!window.confirm(`Erase everything held about ${email}? This cannot be undone.`)) return;
    void run(async () => {
      const answer = await call(erasePersonalData, { body: { email } });
      return `Erased ${email}: ${erasedCounts(answer.erased)}.`;
    });
  };

  return (
    <section aria-labelledby="dp-title">
      <h1 id="dp-title">Data protection</h1>
      <p className="prose">
        Answer a request about someone's personal data. Export gives everything the site holds about the
        address as JSON. Erase removes their details from every lead, cancels their upcoming calls, deletes
        their subscription and the emails to or about them, and closes a staff account with the address. Both
        are recorded in the audit log, where an erased address is replaced by a pseudonym.
      </p>
      <form className="bo-inline-form" onSubmit={exportData}>
        <label>
          Email address
          <input type="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
        </label>
        <button type="submit" className="button">
          Export as JSON
        </button>
        <button type="button" className="button bo-danger" onClick={erase} disabled={!email}>
          Erase
        </button>
      </form>
      <Feedback status={status} problems={problem} />
    </section>
  );
}
