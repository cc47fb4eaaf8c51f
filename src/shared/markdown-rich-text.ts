import MarkdownIt from 'markdown-it';
import { isAllowedLink, type RichText, type RichTextBlock, type TextRun } from './rich-text.ts';

// Articles and newsletters are stored as Markdown (markdown.ts renders it for the site, emails and feeds)
// and written in the same word-processor editor as the pages' rich text. These two functions carry the one
// into the other: Markdown read into the rich text tree (rich-text.ts), when it holds nothing the tree
// cannot (a picture, a quotation, code, a rule, a third level of heading), and the tree written back as
// Markdown that reads the same.

// Read as markdown.ts renders it, without its typography: the editor shows the quotes as they were typed.
const parser = new MarkdownIt('default', { html: false, linkify: true, typographer: false });
type Token = ReturnType<typeof parser.parse>[number];

/** What the tree cannot hold: read as it is, this Markdown would lose it. */
class Unsupported extends Error {}

/** `source` as rich text, or null when it holds something rich text cannot. */
export function richTextOfMarkdown(source: string): RichText | null {
  try {
    return blocksOf(parser.parse(source, {}));
  } catch (error) {
    if (error instanceof Unsupported) return null;
    throw error;
  }
}

function blocksOf(tokens: Token[]): RichText {
  // The highest heading written becomes the first level under the title, as markdown.ts draws it.
  const levels = [...new Set(tokens.filter((t) => t.type === 'heading_open').map((t) => Number(t.tag[1])))];
  levels.sort();
  if (levels.length > 2) throw new Unsupported();
  const blocks: RichTextBlock[] = [];
  let index = 0;
  const next = () => tokens[index++] as Token;
  while (index < tokens.length) {
    const token = next();
    if (token.type === 'paragraph_open') {
      blocks.push({ type: 'paragraph', content: runsOf(next()) });
      next();
    } else if (token.type === 'heading_open') {
      const level = levels.indexOf(Number(token.tag[1])) === 0 ? 2 : 3;
      blocks.push({ type: 'heading', level, content: runsOf(next()) });
      next();
    } else if (token.type === 'bullet_list_open' || token.type === 'ordered_list_open') {
      const ordered = token.type === 'ordered_list_open';
      if (ordered && Number(token.attrGet('start') ?? 1) !== 1) throw new Unsupported();
      const items: TextRun[][] = [];
      for (let item = next(); item.type === 'list_item_open'; item = next()) {
        // An item of one paragraph, or none yet (one just begun): a second paragraph, or a list inside
        // it, is beyond the tree.
        const opening = next();
        if (opening.type === 'list_item_close') {
          items.push([]);
          continue;
        }
        if (opening.type !== 'paragraph_open') throw new Unsupported();
        items.push(runsOf(next()));
        next();
        if (next().type !== 'list_item_close') throw new Unsupported();
      }
      blocks.push({ type: 'list', ordered, items });
    } else {
      throw new Unsupported();
    }
  }
  return blocks;
}

function runsOf(inline: Token): TextRun[] {
  if (inline.type !== 'inline') throw new Unsupported();
  const runs: TextRun[] = [];
  const marks = { bold: false, italic: false, link: undefined as string | undefined };
  for (const child of inline.children ?? []) {
    switch (child.type) {
      case 'text':
      case 'softbreak': {
        const text = child.type === 'text' ? child.content : ' ';
        if (text === '') break;
        const last = runs.at(-1);
        const same = (run: TextRun) =>
          !!run.bold === marks.bold && !!run.italic === marks.italic && run.link === marks.link;
        if (last && same(last)) last.text += text;
        else
          runs.push({
            type: 'text',
            text,
            ...(marks.bold && { bold: true }),
            ...(marks.italic && { italic: true }),
            ...(marks.link && { link: marks.link }),
          });
        break;
      }
      case 'strong_open':
      case 'strong_close':
        marks.bold = child.type === 'strong_open';
        break;
      case 'em_open':
      case 'em_close':
        marks.italic = child.type === 'em_open';
        break;
      case 'link_open': {
        const href = String(child.attrGet('href') ?? '');
        if (!isAllowedLink(href)) throw new Unsupported();
        marks.link = href;
        break;
      }
      case 'link_close':
        marks.link = undefined;
        break;
      default:
        // A picture, code, a line break kept as one: beyond the tree.
        throw new Unsupported();
    }
  }
  return runs;
}

/** Rich text as Markdown that markdown.ts renders as the editor showed it. */
export function markdownOfRichText(text: RichText): string {
  return `${text
    .map((block) => {
      if (block.type === 'paragraph') return lineStart(inlineMarkdown(block.content));
      if (block.type === 'heading') return `${'#'.repeat(block.level)} ${inlineMarkdown(block.content)}`;
      return block.items
        .map((item, index) => `${block.ordered ? `${index + 1}.` : '-'} ${lineStart(inlineMarkdown(item))}`)
        .join('\n');
    })
    .filter((block) => block.trim() !== '')
    .join('\n\n')}\n`;
}

/** Characters Markdown would read as its own marks anywhere in a line, escaped to stay themselves. */
const escaped = (text: string) => text.replace(/[\\`*_[\]<>&~|]/g, (character) => `\\${character}`);

/** A paragraph's start that Markdown would read as a heading, a list or a quotation, escaped. */
const lineStart = (line: string) =>
  line
    // Markdown drops a line's leading spaces (and reads four as code): the words start the line.
    .trimStart()
    .replace(/^([#>+-])/, '\\$1')
    .replace(/^(\d+)([.)])/, '$1\\$2');

function inlineMarkdown(runs: readonly TextRun[]): string {
  let out = '';
  let index = 0;
  while (index < runs.length) {
    const link = runs[index]?.link;
    // A link spans every run that shares it, whatever their marks.
    let end = index + 1;
    while (link && end < runs.length && runs[end]?.link === link) end++;
    const words = runs.slice(index, end).map(marked).join('');
    out += link ? `[${words}](<${link.replace(/[<>]/g, encodeURIComponent)}>)` : words;
    index = end;
  }
  return out;
}

/** A run's words with its bold and italic, the marks kept inside its spaces (Markdown needs them so). */
function marked(run: TextRun): string {
  const [, before = '', words = '', after = ''] = /^(\s*)(.*?)(\s*)$/s.exec(run.text) ?? [];
  if (!words) return run.text;
  let text = escaped(words);
  if (run.italic) text = `*${text}*`;
  if (run.bold) text = `**${text}**`;
  return `${before}${text}${after}`;
}
