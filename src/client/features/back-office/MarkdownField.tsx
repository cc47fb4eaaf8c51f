import { useId, useMemo, useRef, useState } from 'react';
import { markdownOfRichText, richTextOfMarkdown } from '#shared/markdown-rich-text.ts';
import RichTextEditor from './pages/RichTextEditor.tsx';

// The text of an article or a newsletter: stored as Markdown, written in the word-processor editor the
// pages use (bold, italic, two levels of heading, lists, links). A text holding what that editor does not
// offer (a picture, a quotation, code) is written as Markdown instead, so that nothing of it is lost; and
// anyone who prefers Markdown may write it so.

const markdownHint =
  '# for a heading (## for one under it), **bold**, *italic*, - for a list, [words](https://…) for a link.';

export function MarkdownField({
  label,
  value,
  onChange,
  maxLength,
}: {
  label: string;
  value: string;
  onChange: (markdown: string) => void;
  maxLength: number;
}) {
  const id = useId();
  const text = useMemo(() => richTextOfMarkdown(value), [value]);
  const [asMarkdown, setAsMarkdown] = useState(false);
  // The editor takes its text once; a text from elsewhere (loaded, or someone else's version) starts it anew.
  const written = useRef(value);
  const [generation, setGeneration] = useState(0);
  if (value !== written.current) {
    written.current = value;
    setGeneration((count) => count + 1);
  }
  const fits = text !== null;

  return (
    <div className="field bo-markdown-field">
      {asMarkdown || !fits ? (
        <>
          <label htmlFor={id}>{label} (Markdown)</label>
          <p className="field__hint" id={`${id}-hint`}>
            {fits
              ? markdownHint
              : `This text has something the editor does not offer (a picture, a quotation, code, or a third level of heading), so it is written as Markdown: ${markdownHint}`}
          </p>
          <textarea
            id={id}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            rows={20}
            maxLength={maxLength}
            aria-describedby={`${id}-hint`}
          />
        </>
      ) : (
        <RichTextEditor
          key={generation}
          label={label}
          value={text}
          onChange={(next) => {
            written.current = markdownOfRichText(next);
            onChange(written.current);
          }}
        />
      )}
      {fits && (
        <button type="button" className="button button--secondary" onClick={() => setAsMarkdown(!asMarkdown)}>
          {asMarkdown ? 'Write in the editor' : 'Write as Markdown'}
        </button>
      )}
    </div>
  );
}
