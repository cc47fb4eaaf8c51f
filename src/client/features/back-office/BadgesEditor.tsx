import { type FormEvent, useId, useRef, useState } from 'react';
import { call } from '#client/lib/api-client.ts';
import { base64Of } from '#client/lib/base64.ts';
import { addFirmBadge, removeFirmBadge } from '#shared/api/back-office-firm.ts';
import { badgeMessages, type LogoType, logoMaxBytes, logoTypes, maxBadges } from '#shared/firm-pictures.ts';
import type { SiteFirm } from '#shared/site-firm.ts';
import { Feedback } from './Feedback.tsx';
import { useAction } from './useAction.ts';

/**
 * The badges of the firm's accreditations on the Firm details screen: those the home page shows beside
 * them, each removable, and a form to add another with what it says.
 */
export function BadgesEditor({
  badges,
  changed,
}: {
  badges: SiteFirm['badges'];
  changed: () => Promise<void>;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [alt, setAlt] = useState('');
  const { status, problems, setProblems, act } = useAction(changed);

  const add = (event: FormEvent) => {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) return setProblems([badgeMessages.noFile]);
    if (!(logoTypes as readonly string[]).includes(file.type)) return setProblems([badgeMessages.type]);
    if (file.size > logoMaxBytes) return setProblems([badgeMessages.size]);
    act(async () => {
      const answer = await call(addFirmBadge, {
        body: { contentType: file.type as LogoType, data: await base64Of(file), alt },
      });
      if (input.current) input.current.value = '';
      setAlt('');
      return answer;
    });
  };

  return (
    <section className="bo-settings" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Accreditation badges</h2>
      <p>
        The badges your professional bodies let you show, beside your accreditations on the home page (up to{' '}
        {maxBadges}).
      </p>
      {badges.length > 0 && (
        <ul className="bo-badges">
          {badges.map((badge) => (
            <li key={badge.key}>
              <img src={badge.src} alt="" width={badge.width} height={badge.height} />
              <span>{badge.alt}</span>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  act(() => call(removeFirmBadge, { params: { key: badge.key } }));
                  // The button goes with its badge: the keyboard moves on to adding one.
                  input.current?.focus();
                }}
              >
                Remove {badge.alt}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div id={`${id}-problems`}>
        <Feedback status={status} problems={problems} />
      </div>
      <form onSubmit={add} noValidate>
        <div className="bo-field bo-field--wide">
          <label htmlFor={`${id}-file`}>Badge file (SVG or PNG, up to 1 MB)</label>
          <input
            id={`${id}-file`}
            type="file"
            accept={logoTypes.join(',')}
            ref={input}
            aria-describedby={problems.length > 0 ? `${id}-problems` : undefined}
            aria-invalid={problems.length > 0 || undefined}
            required
          />
        </div>
        <div className="bo-field bo-field--wide">
          <label htmlFor={`${id}-alt`}>What the badge says</label>
          <p id={`${id}-alt-hint`} className="field__hint">
            For visitors who cannot see it, e.g. ICAEW Chartered Accountants.
          </p>
          <input
            id={`${id}-alt`}
            value={alt}
            onChange={(event) => setAlt(event.target.value)}
            aria-describedby={`${id}-alt-hint`}
            required
          />
        </div>
        <button type="submit" className="button">
          Add badge
        </button>
      </form>
    </section>
  );
}
