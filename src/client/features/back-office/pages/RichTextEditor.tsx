import Bold from '@tiptap/extension-bold';
import Document from '@tiptap/extension-document';
import Heading from '@tiptap/extension-heading';
import Italic from '@tiptap/extension-italic';
import Link from '@tiptap/extension-link';
import { BulletList, ListItem, OrderedList } from '@tiptap/extension-list';
import Paragraph from '@tiptap/extension-paragraph';
import Text from '@tiptap/extension-text';
import { UndoRedo } from '@tiptap/extensions';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { useEffect, useId, useRef, useState } from 'react';
import { isAllowedLink, type RichText, richTextMessages } from '#shared/rich-text.ts';
import { plainPastedHtml } from './pasted-html.ts';
import { type EditorNode, editorOfRichText, richTextOfEditor } from './rich-text-json.ts';

/** Pasting more than this at once is refused in words rather than freezing the page. */
const maxPasteBytes = 10 * 1024 * 1024;
export const tooMuchPasted = 'That is too much to paste at once (over 10 MB). Paste it a part at a time.';

// Only what the site's rich text holds (src/shared/rich-text.ts): anything pasted from Word or Google
// Docs is read into these nodes and marks, and the rest (fonts, colours, tables, images) is dropped.
const extensions = [
  Document,
  Paragraph,
  Text,
  Heading.configure({ levels: [2, 3] }),
  Bold,
  Italic,
  Link.configure({
    openOnClick: false,
    autolink: false,
    linkOnPaste: false,
    protocols: ['mailto', 'tel'],
    isAllowedUri: (url) => isAllowedLink(url),
    HTMLAttributes: { rel: null, target: null },
  }),
  BulletList,
  OrderedList,
  ListItem,
  UndoRedo,
];

/**
 * Rich text written as in a word processor: bold, italic, two levels of heading, lists and links, from a
 * toolbar or the usual keys (Ctrl+B, Ctrl+I). Loaded only with the page editor.
 */
export default function RichTextEditor({
  label,
  value,
  onChange,
}: {
  label: string;
  value: RichText;
  onChange: (text: RichText) => void;
}) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const editor = useEditor({
    extensions,
    content: editorOfRichText(value),
    immediatelyRender: false,
    // Its few rules are in back-office.css: the site's Content Security Policy allows no inline style.
    injectCSS: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        'aria-describedby': `${id}-problem`,
        class: 'bo-rich-text__area prose',
      },
      transformPastedHTML: plainPastedHtml,
      handlePaste: (_view, event) => {
        const pasted =
          event.clipboardData?.getData('text/html') || event.clipboardData?.getData('text/plain') || '';
        if (new Blob([pasted]).size <= maxPasteBytes) return false;
        setProblem(tooMuchPasted);
        return true;
      },
    },
    onUpdate: ({ editor: changed }) => {
      setProblem(null);
      onChange(richTextOfEditor(changed.getJSON() as EditorNode));
    },
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive('bold') ?? false,
      italic: current?.isActive('italic') ?? false,
      h2: current?.isActive('heading', { level: 2 }) ?? false,
      h3: current?.isActive('heading', { level: 3 }) ?? false,
      bullets: current?.isActive('bulletList') ?? false,
      numbers: current?.isActive('orderedList') ?? false,
      link: current?.isActive('link') ?? false,
    }),
  });
  const [linking, setLinking] = useState<string | null>(null);
  const linkField = useRef<HTMLInputElement>(null);
  const isLinking = linking !== null;
  // The link's address is asked for where the keyboard is: its field takes focus when it opens.
  useEffect(() => {
    if (isLinking) linkField.current?.focus();
  }, [isLinking]);

  // A click on a tool leaves the focus, and the selection with it, in the text: what is typed next takes
  // the mark (a keyboard user reaching a tool by Tab is returned to the text by the tool itself).
  const tool = (name: string, pressed: boolean | undefined, act: () => void) => (
    <button
      type="button"
      className="bo-rich-text__tool"
      aria-pressed={pressed ?? false}
      onMouseDown={(event) => event.preventDefault()}
      onClick={act}
    >
      {name}
    </button>
  );
  const chain = () => editor?.chain().focus();
  // Not a form of its own: the editor sits inside the page's form, and forms do not nest.
  const applyLink = () => {
    const href = (linking ?? '').trim();
    if (!isAllowedLink(href)) return setProblem(richTextMessages.link);
    chain()?.extendMarkRange('link').setLink({ href }).run();
    setLinking(null);
    setProblem(null);
  };

  return (
    <div className="bo-rich-text">
      <span id={`${id}-label`} className="bo-rich-text__label">
        {label}
      </span>
      <div role="toolbar" aria-label={`${label}: formatting`} className="bo-rich-text__toolbar">
        {tool('Bold', active?.bold, () => chain()?.toggleBold().run())}
        {tool('Italic', active?.italic, () => chain()?.toggleItalic().run())}
        {tool('Heading', active?.h2, () => chain()?.toggleHeading({ level: 2 }).run())}
        {tool('Subheading', active?.h3, () => chain()?.toggleHeading({ level: 3 }).run())}
        {tool('Bulleted list', active?.bullets, () => chain()?.toggleBulletList().run())}
        {tool('Numbered list', active?.numbers, () => chain()?.toggleOrderedList().run())}
        {tool('Link', active?.link, () => setLinking(editor?.getAttributes('link').href ?? 'https://'))}
        {active?.link && tool('Remove link', undefined, () => chain()?.unsetLink().run())}
      </div>
      {linking !== null && (
        <div className="bo-rich-text__link">
          <label htmlFor={`${id}-href`}>Link address</label>
          <input
            ref={linkField}
            id={`${id}-href`}
            type="text"
            inputMode="url"
            value={linking}
            onChange={(event) => setLinking(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              applyLink();
            }}
          />
          <button type="button" className="button button--secondary" onClick={applyLink}>
            Apply link
          </button>
          <button type="button" className="button button--secondary" onClick={() => setLinking(null)}>
            Cancel
          </button>
        </div>
      )}
      <EditorContent editor={editor} />
      <p id={`${id}-problem`} className="field__error" role="alert">
        {problem}
      </p>
    </div>
  );
}
