import type { ReactNode } from 'react';
import type { RichText, RichTextBlock, TextRun } from '#shared/rich-text.ts';

// Blocks, list items and runs have no identity but their place in the text, which is their key.

/** A link to another site opens it without handing over the page that led there. */
const isOtherSite = (href: string) => /^https?:/i.test(href);

function Run({ run }: { run: TextRun }) {
  let shown: ReactNode = run.text;
  if (run.italic) shown = <em>{shown}</em>;
  if (run.bold) shown = <strong>{shown}</strong>;
  if (!run.link) return shown;
  return (
    <a href={run.link} rel={isOtherSite(run.link) ? 'noopener noreferrer' : undefined}>
      {shown}
    </a>
  );
}

function Runs({ content }: { content: readonly TextRun[] }) {
  // biome-ignore lint/suspicious/noArrayIndexKey: see the top of the file
  return content.map((run, index) => <Run key={index} run={run} />);
}

const headingTags = { 2: 'h2', 3: 'h3', 4: 'h4' } as const;

function Block({ block, headingsFrom }: { block: RichTextBlock; headingsFrom: 2 | 3 }) {
  if (block.type === 'paragraph') {
    return (
      <p>
        <Runs content={block.content} />
      </p>
    );
  }
  if (block.type === 'heading') {
    const Heading = headingTags[(block.level - 2 + headingsFrom) as 2 | 3 | 4];
    return (
      <Heading>
        <Runs content={block.content} />
      </Heading>
    );
  }
  const List = block.ordered ? 'ol' : 'ul';
  return (
    <List>
      {block.items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: see the top of the file
        <li key={index}>
          <Runs content={item} />
        </li>
      ))}
    </List>
  );
}

/**
 * Rich text as a page shows it (src/shared/rich-text.ts). React escapes every character, so only these
 * elements can come of it. Its headings sit under the section's own: with `headingsFrom` 3, the text's
 * level-2 headings are h3s, in a section whose heading is the h2.
 */
export function RichTextView({ text, headingsFrom = 2 }: { text: RichText; headingsFrom?: 2 | 3 }) {
  // biome-ignore lint/suspicious/noArrayIndexKey: see the top of the file
  return text.map((block, index) => <Block key={index} block={block} headingsFrom={headingsFrom} />);
}
