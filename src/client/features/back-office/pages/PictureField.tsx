import { useId, useState } from 'react';
import { call, problemsOf } from '#client/lib/api-client.ts';
import { base64Of } from '#client/lib/base64.ts';
import { uploadPagePicture } from '#shared/api/back-office-pages.ts';
import { pagePictureMessages, pagePicturesPath } from '#shared/pages.ts';
import { photoMaxBytes, photoTypes } from '#shared/photos.ts';
import type { SectionImage } from '#shared/sections.ts';

/**
 * A picture of a section: chosen from the computer (uploaded at once, made into the sizes pages need),
 * then described for visitors who cannot see it, or marked as decoration; or taken away again.
 */
export function PictureField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: SectionImage | undefined;
  onChange: (image: SectionImage | undefined) => void;
}) {
  const id = useId();
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    const contentType = photoTypes.find((type) => type === file.type);
    if (!contentType) return setProblem(pagePictureMessages.type);
    if (file.size > photoMaxBytes) return setProblem(pagePictureMessages.size);
    setStatus('Uploading…');
    try {
      const made = await call(uploadPagePicture, { body: { contentType, data: await base64Of(file) } });
      onChange({
        key: made.key,
        width: made.width,
        height: made.height,
        alt: value?.alt ?? '',
        decorative: false,
      });
      setStatus(made.infoMessages.join(' '));
    } catch (error) {
      setStatus('');
      setProblem(problemsOf(error).join(' '));
    }
  };

  return (
    <fieldset className="bo-picture">
      <legend>{label}</legend>
      {value && (
        <img
          className="bo-picture__preview"
          src={`${pagePicturesPath}/${value.key}-${Math.min(value.width, 480)}.webp`}
          alt=""
          width={Math.min(value.width, 160)}
        />
      )}
      <div className="bo-field">
        <label htmlFor={`${id}-file`}>
          {value ? 'Another picture' : 'Picture'} (JPEG, PNG or WebP, up to 8 MB)
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept={photoTypes.join(',')}
          aria-describedby={`${id}-problem`}
          onChange={(event) => upload(event.target.files?.[0])}
        />
      </div>
      {value && (
        <>
          <div className="bo-field bo-field--wide">
            <label htmlFor={`${id}-alt`}>Description of the picture</label>
            <p id={`${id}-alt-hint`} className="field__hint">
              What it shows, for visitors who cannot see it, e.g. “A partner at her desk in our office”.
            </p>
            <input
              id={`${id}-alt`}
              type="text"
              maxLength={200}
              value={value.alt}
              disabled={value.decorative}
              aria-describedby={`${id}-alt-hint`}
              onChange={(event) => {
                setStatus('');
                onChange({ ...value, alt: event.target.value });
              }}
            />
          </div>
          <label className="bo-check" htmlFor={`${id}-decorative`}>
            <input
              id={`${id}-decorative`}
              type="checkbox"
              checked={value.decorative}
              onChange={(event) => onChange({ ...value, decorative: event.target.checked })}
            />
            It only decorates: screen readers pass it over
          </label>
          <button type="button" className="button button--secondary" onClick={() => onChange(undefined)}>
            Take the picture away
          </button>
        </>
      )}
      <p className="bo-status" role="status">
        {status}
      </p>
      <p id={`${id}-problem`} className="field__error" role="alert">
        {problem}
      </p>
    </fieldset>
  );
}
