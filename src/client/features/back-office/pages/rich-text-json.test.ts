import { describe, expect, it } from 'vitest';
import type { RichText } from '#shared/rich-text.ts';
import { editorOfRichText, richTextOfEditor } from './rich-text-json.ts';

describe('rich text between the editor and the site', () => {
  it('goes to the editor and back unchanged', () => {
    const text: RichText = [
      { type: 'heading', level: 3, content: [{ type: 'text', text: 'Fees' }] },
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'From ' },
          { type: 'text', text: '£60', bold: true, italic: true, link: '/quote' },
        ],
      },
      {
        type: 'list',
        ordered: true,
        items: [[{ type: 'text', text: 'One' }], [{ type: 'text', text: 'Two' }]],
      },
      { type: 'paragraph', content: [] },
    ];
    expect(richTextOfEditor(editorOfRichText(text))).toEqual(text);
  });

  it('keeps only what the site holds: a list item’s paragraphs join, anything else is left out', () => {
    expect(
      richTextOfEditor({
        type: 'doc',
        content: [
          {
            type: 'bulletList',
            content: [
              {
                type: 'listItem',
                content: [
                  { type: 'paragraph', content: [{ type: 'text', text: 'Rent' }] },
                  {
                    type: 'paragraph',
                    content: [{ type: 'text', text: ' and repairs', marks: [{ type: 'code' }] }],
                  },
                ],
              },
            ],
          },
          { type: 'codeBlock', content: [{ type: 'text', text: 'rm -rf /' }] },
        ],
      }),
    ).toEqual([
      {
        type: 'list',
        ordered: false,
        items: [
          [
            { type: 'text', text: 'Rent' },
            { type: 'text', text: ' and repairs' },
          ],
        ],
      },
    ]);
    expect(editorOfRichText([])).toEqual({ type: 'doc', content: [{ type: 'paragraph' }] });
  });
});
