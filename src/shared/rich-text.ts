import { isTypedText } from './form-fields.ts';
import { z } from './zod.ts';

// The rich text a page's sections hold (docs/decisions/023-pages-are-sections.md): a small tree of our own,
// never HTML. The editor writes it, the server checks it with the schema below, and React renders it,
// escaping every character typed, so nothing a member of staff writes can become markup or script.

export const richTextMessages = {
  link: 'A link may only go to a web address (https://…), an email address (mailto:…), a phone number (tel:…) or a page of this site (/…).',
  text: 'Text may not hold control characters.',
  tooLong: 'The text may be up to 50,000 characters.',
  tooManyBlocks: 'The text may have up to 500 paragraphs, headings and lists.',
  emptyList: 'A list needs at least one item.',
} as const;

/**
 * Where a link may go: the web, an email address, a phone number, or a page of this site. No backslash
 * anywhere: browsers read `/\\evil.example` as `//evil.example`, another site.
 */
const linkPattern = /^(https?:\/\/[^\s]+|mailto:[^\s]+|tel:\+?[\d\s()-]+|\/(?!\/)[^\s]*)$/i;
export const isAllowedLink = (href: string) =>
  href.length <= 2_000 && linkPattern.test(href) && !href.includes('\\') && isTypedText(href);
export const maxRichTextCharacters = 50_000;
const maxBlocks = 500;

const run = z
  .object({
    type: z.literal('text'),
    text: z.string().min(1).max(maxRichTextCharacters, richTextMessages.tooLong),
    bold: z.boolean().optional(),
    italic: z.boolean().optional(),
    link: z.string().refine(isAllowedLink, richTextMessages.link).optional(),
  })
  .strict()
  .refine((text) => isTypedText(text.text) && !/[\r\n]/.test(text.text), richTextMessages.text);
const runs = z.array(run).max(2_000);

const block = z.discriminatedUnion('type', [
  z.object({ type: z.literal('paragraph'), content: runs }).strict(),
  z
    .object({ type: z.literal('heading'), level: z.union([z.literal(2), z.literal(3)]), content: runs })
    .strict(),
  z
    .object({
      type: z.literal('list'),
      ordered: z.boolean(),
      items: z.array(runs).min(1, richTextMessages.emptyList).max(200),
    })
    .strict(),
]);

const blocks = z.array(block).max(maxBlocks, richTextMessages.tooManyBlocks);
export type RichText = z.infer<typeof blocks>;
export type RichTextBlock = RichText[number];
export type TextRun = z.infer<typeof run>;

export const richTextSchema = blocks.refine(
  (text) => characterCount(text) <= maxRichTextCharacters,
  richTextMessages.tooLong,
);

function runsOf(block: RichTextBlock): TextRun[] {
  return block.type === 'list' ? block.items.flat() : block.content;
}

/** How many characters the text holds, as a reader counts them. */
export function characterCount(blocks: readonly RichTextBlock[]): number {
  return blocks.reduce((sum, block) => sum + runsOf(block).reduce((n, text) => n + text.text.length, 0), 0);
}

/** The text without its marks, one line a block (a list item each): for search, feeds and structured data. */
export function plainTextOf(blocks: readonly RichTextBlock[]): string {
  return blocks
    .flatMap((block) =>
      block.type === 'list'
        ? block.items.map((item) => item.map((text) => text.text).join(''))
        : [block.content.map((text) => text.text).join('')],
    )
    .join('\n');
}

/** A paragraph of plain text: how the demo's and the editor's words start. */
export const paragraph = (text: string): RichTextBlock => ({
  type: 'paragraph',
  content: text ? [{ type: 'text', text }] : [],
});
