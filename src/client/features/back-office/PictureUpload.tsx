import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { base64Of } from '#client/lib/base64.ts';
import type { FormAnswer } from '#shared/api/endpoint.ts';
import { Feedback } from './Feedback.tsx';
import { useAction } from './useAction.ts';

/** What one of the firm's pictures is, in the words of its section on the Firm details screen. */
export interface PictureKind {
  title: string;
  /** What the site does with it. */
  intro: string;
  /** Said while there is none. */
  none: string;
  fileLabel: string;
  fileHint: string;
  types: readonly string[];
  maxBytes: number;
  messages: { type: string; size: string; noFile: string };
  uploadLabel: string;
  removeLabel: string;
  /** Asked before removing: the published picture goes at once. */
  removeQuestion: string;
  /** Asks what the picture shows, for those who cannot see it (a photo; a logo's is the firm's name). */
  describe?: { label: string; hint: string };
  upload: (file: { contentType: string; data: string; alt: string }) => Promise<FormAnswer>;
  remove: () => Promise<FormAnswer>;
}

/**
 * A section of the Firm details screen for one of the firm's pictures: the one in use, a file to replace
 * it, and a way to remove it. A wrong type or size is told before the upload; the server checks again.
 */
export function PictureUpload({
  kind,
  current,
  changed,
}: {
  kind: PictureKind;
  current: { src: string; width: number; height: number; alt?: string } | null;
  changed: () => Promise<void>;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  // The description in use, so that a new file keeps it unless it is changed.
  const [alt, setAlt] = useState(current?.alt ?? '');
  useEffect(() => setAlt(current?.alt ?? ''), [current?.alt]);
  const { status, problems, setProblems, act } = useAction(changed);

  const upload = (event: FormEvent) => {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) return setProblems([kind.messages.noFile]);
    if (!kind.types.includes(file.type)) return setProblems([kind.messages.type]);
    if (file.size > kind.maxBytes) return setProblems([kind.messages.size]);
    act(async () => {
      const answer = await kind.upload({ contentType: file.type, data: await base64Of(file), alt });
      if (input.current) input.current.value = '';
      return answer;
    });
  };

  return (
    <section className="bo-settings" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{kind.title}</h2>
      <p>{kind.intro}</p>
      {current ? (
        <img
          className="bo-picture-preview"
          src={current.src}
          alt={`Your ${kind.title.toLowerCase()} as the site shows it`}
          width={current.width}
          height={current.height}
        />
      ) : (
        <p>{kind.none}</p>
      )}
      <div id={`${id}-problems`}>
        <Feedback status={status} problems={problems} />
      </div>
      <form onSubmit={upload} noValidate>
        <div className="bo-field bo-field--wide">
          <label htmlFor={`${id}-file`}>{kind.fileLabel}</label>
          <p id={`${id}-hint`} className="field__hint">
            {kind.fileHint}
          </p>
          <input
            id={`${id}-file`}
            type="file"
            accept={kind.types.join(',')}
            ref={input}
            aria-describedby={[`${id}-hint`, problems.length > 0 && `${id}-problems`]
              .filter(Boolean)
              .join(' ')}
            aria-invalid={problems.length > 0 || undefined}
            required
          />
        </div>
        {kind.describe && (
          <div className="bo-field bo-field--wide">
            <label htmlFor={`${id}-alt`}>{kind.describe.label}</label>
            <p id={`${id}-alt-hint`} className="field__hint">
              {kind.describe.hint}
            </p>
            <input
              id={`${id}-alt`}
              value={alt}
              onChange={(event) => setAlt(event.target.value)}
              aria-describedby={`${id}-alt-hint`}
            />
          </div>
        )}
        <p className="bo-actions">
          <button type="submit" className="button">
            {kind.uploadLabel}
          </button>
          {current && (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => window.confirm(kind.removeQuestion) && act(kind.remove)}
            >
              {kind.removeLabel}
            </button>
          )}
        </p>
      </form>
    </section>
  );
}

/** The logo: beside the name at the top of every page, and the icons and sharing picture made from it. */
export const logoKind = {
  title: 'Logo',
  intro:
    'Shown beside your name at the top of every page. The browser tab’s icon, the icon of a phone’s home screen and the picture a shared link shows are made from it.',
  none: 'No logo yet: the pages show your name alone, and the icons a plain mark in your colours.',
  fileLabel: 'Logo file (SVG or PNG, up to 1 MB)',
  fileHint:
    'An SVG stays sharp at every size. A PNG should be at least 128 pixels on each side, on a transparent background. A square mark suits the browser tab’s icon best; a wide logo is shown at the header’s height.',
  uploadLabel: 'Upload logo',
  removeLabel: 'Remove logo',
  removeQuestion: 'Remove the logo from every page, icon and email now?',
} as const;

/** The home page's picture, in place of the drawing. */
export const homePictureKind = {
  title: 'Home page picture',
  intro:
    'Shown beside the welcome at the top of the home page, in place of the drawing in your colours: your office, your team, your town.',
  none: 'No picture yet: the home page shows the drawing in your colours.',
  fileLabel: 'Picture file (JPEG, PNG or WebP, up to 8 MB)',
  fileHint:
    'A landscape photo at least 960 pixels wide: on a laptop it is shown in a wide frame, cut from its centre. Its location and camera details are removed before it is shown.',
  uploadLabel: 'Upload picture',
  removeLabel: 'Remove picture',
  removeQuestion: 'Remove the picture from the home page now? The drawing takes its place.',
  describe: {
    label: 'Description of the picture',
    hint: 'What it shows, for visitors who cannot see it, e.g. “Our office on Park Row”. Leave it blank if the picture only decorates.',
  },
} as const;
