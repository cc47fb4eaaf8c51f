import type { RichText, RichTextBlock, TextRun } from '#shared/rich-text.ts';

// The editor (TipTap, which is ProseMirror) keeps its document as JSON of its own nodes and marks; the
// site keeps rich text as its own small tree (src/shared/rich-text.ts). These turn one into the other,
// keeping only what the tree can hold: the editor's schema allows nothing else in the first place.

/** A node of the editor's document, as TipTap's `getJSON()` gives it. */
export interface EditorNode {
  type: string;
  text?: string;
  attrs?: Record<string, unknown>;
  marks?: { type: string; attrs?: Record<string, unknown> }[];
  content?: EditorNode[];
}

function runsOf(nodes: EditorNode[] = []): TextRun[] {
  return nodes.flatMap((node): TextRun[] => {
    if (node.type === 'text' && node.text) {
      const marks = node.marks ?? [];
      const href = marks.find((mark) => mark.type === 'link')?.attrs?.href;
      return [
        {
          type: 'text',
          text: node.text,
          ...(marks.some((mark) => mark.type === 'bold') && { bold: true }),
          ...(marks.some((mark) => mark.type === 'italic') && { italic: true }),
          ...(typeof href === 'string' && { link: href }),
        },
      ];
    }
    // A paragraph inside a list item, or anything nested: its text joins the run.
    return runsOf(node.content);
  });
}

/** The editor's document as the site's rich text. */
export function richTextOfEditor(document: EditorNode): RichText {
  return (document.content ?? []).flatMap((node): RichTextBlock[] => {
    if (node.type === 'paragraph') return [{ type: 'paragraph', content: runsOf(node.content) }];
    if (node.type === 'heading') {
      const level = node.attrs?.level === 3 ? 3 : 2;
      return [{ type: 'heading', level, content: runsOf(node.content) }];
    }
    if (node.type === 'bulletList' || node.type === 'orderedList') {
      const items = (node.content ?? []).map((item) => runsOf(item.content));
      return items.length > 0 ? [{ type: 'list', ordered: node.type === 'orderedList', items }] : [];
    }
    return [];
  });
}

function nodesOf(runs: readonly TextRun[]): EditorNode[] {
  return runs.map((run) => {
    const marks = [
      ...(run.bold ? [{ type: 'bold' }] : []),
      ...(run.italic ? [{ type: 'italic' }] : []),
      ...(run.link ? [{ type: 'link', attrs: { href: run.link } }] : []),
    ];
    return { type: 'text', text: run.text, ...(marks.length > 0 && { marks }) };
  });
}

const withContent = (node: EditorNode, content: EditorNode[]): EditorNode =>
  content.length > 0 ? { ...node, content } : node;

/** The site's rich text as the editor's document. */
export function editorOfRichText(text: RichText): EditorNode {
  const content = text.map((block): EditorNode => {
    if (block.type === 'paragraph') return withContent({ type: 'paragraph' }, nodesOf(block.content));
    if (block.type === 'heading')
      return withContent({ type: 'heading', attrs: { level: block.level } }, nodesOf(block.content));
    return {
      type: block.ordered ? 'orderedList' : 'bulletList',
      content: block.items.map((item) => ({
        type: 'listItem',
        content: [withContent({ type: 'paragraph' }, nodesOf(item))],
      })),
    };
  });
  return { type: 'doc', content: content.length > 0 ? content : [{ type: 'paragraph' }] };
}
