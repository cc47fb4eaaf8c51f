import { type FormEvent, useRef, useState } from 'react';
import { call, problemsOf } from '#client/lib/api-client.ts';
import { base64Of } from '#client/lib/base64.ts';
import { removeFirmLogo, uploadFirmLogo } from '#shared/api/back-office-firm.ts';
import { type LogoType, logoMaxBytes, logoMessages, logoTypes } from '#shared/firm-logo.ts';
import { Feedback } from './Feedback.tsx';

/**
 * The firm's logo on the Firm details screen: the one in use, a file to replace it, and a way to remove
 * it. The server makes the favicon, the phone's icon and the sharing picture from it.
 */
export function LogoUpload({ logo, changed }: { logo: string | null; changed: () => Promise<void> }) {
  const input = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState('');
  const [problems, setProblems] = useState<string[]>([]);

  const act = (action: () => Promise<string>) => {
    setStatus('');
    setProblems([]);
    void (async () => {
      try {
        const said = await action();
        await changed();
        setStatus(said);
      } catch (error) {
        setProblems(problemsOf(error));
      }
    })();
  };

  const upload = (event: FormEvent) => {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) return;
    // Checked here too, so a wrong or large file is told at once rather than after its upload.
    if (!(logoTypes as readonly string[]).includes(file.type)) return setProblems([logoMessages.type]);
    if (file.size > logoMaxBytes) return setProblems([logoMessages.size]);
    act(async () => {
      const answer = await call(uploadFirmLogo, {
        body: { contentType: file.type as LogoType, data: await base64Of(file) },
      });
      if (input.current) input.current.value = '';
      return answer.infoMessages.join(' ');
    });
  };

  return (
    <section className="bo-settings" aria-labelledby="firm-logo-title">
      <h2 id="firm-logo-title">Logo</h2>
      <p>
        Shown beside your name at the top of every page. The browser tab’s icon, the icon of a phone’s home
        screen and the picture a shared link shows are made from it.
      </p>
      {logo ? (
        <img
          className="bo-logo-preview"
          src={logo}
          alt="Your logo as the site shows it"
          width="96"
          height="96"
        />
      ) : (
        <p>No logo yet: the pages show your name alone, and the icons a plain mark in your colours.</p>
      )}
      <Feedback status={status} problems={problems} />
      <form onSubmit={upload} noValidate>
        <div className="bo-field bo-field--wide">
          <label htmlFor="firm-logo">Logo file (SVG or PNG, up to 1 MB)</label>
          <p id="firm-logo-hint" className="field__hint">
            An SVG stays sharp at every size. A PNG should be at least 128 pixels on each side, on a
            transparent background.
          </p>
          <input
            id="firm-logo"
            type="file"
            accept={logoTypes.join(',')}
            ref={input}
            aria-describedby="firm-logo-hint"
            required
          />
        </div>
        <button type="submit" className="button">
          Upload logo
        </button>
        {logo && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => act(async () => (await call(removeFirmLogo, {})).infoMessages.join(' '))}
          >
            Remove logo
          </button>
        )}
      </form>
    </section>
  );
}
