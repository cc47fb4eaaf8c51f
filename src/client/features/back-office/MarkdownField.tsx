import { useId, useRef, useState } from 'react';
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
  const [asMarkdown, setAsMarkdown] = useState(false);
  // The editor takes its text once; a text from elsewhere (loaded, typed as Markdown, or someone else's
  // version) starts it anew, and decides whether the editor can hold it. What the editor writes itself
  // never does: whatever is typed there stays there.
  const written = useRef(value);
  const [shown, setShown] = useState(() => ({ generation: 0, text: richTextOfMarkdown(value) }));
  if (value !== written.current) {
    written.current = value;
    setShown((was) => ({ generation: was.generation + 1, text: richTextOfMarkdown(value) }));
  }
  const { text } = shown;
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
          key={shown.generation}
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
