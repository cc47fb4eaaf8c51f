import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown.ts';
import { markdownOfRichText, richTextOfMarkdown } from './markdown-rich-text.ts';
import type { RichText } from './rich-text.ts';

// What the article editor shows of an article's Markdown, and what it saves, must render as the page did.
const rendered = (source: string) => renderMarkdown(source, 'https://www.example.co.uk');

describe('Markdown and the rich text editor', () => {
  it('reads headings, paragraphs, lists, bold, italic and links, and writes them back to render the same', () => {
    const source = [
      '# Making Tax Digital',
      '',
      'From **April 2026**, landlords with income over *£50,000* must keep [digital records](https://www.gov.uk/mtd).',
      '',
      '## What to do',
      '',
      '- Choose ***software***',
      '- Tell us: hello@example.co.uk',
      '',
      '1. Sign up',
      '2. Send updates',
      '',
    ].join('\n');
    const text = richTextOfMarkdown(source);
    expect(text?.map((block) => block.type)).toEqual(['heading', 'paragraph', 'heading', 'list', 'list']);
    expect(text?.[0]).toEqual({
      type: 'heading',
      level: 2,
      content: [{ type: 'text', text: 'Making Tax Digital' }],
    });
    const written = markdownOfRichText(text as RichText);
    expect(rendered(written)).toBe(rendered(source));
    expect(richTextOfMarkdown(written)).toEqual(text);
  });

  it('keeps as words whatever Markdown would read as its own marks', () => {
    const typed: RichText = [
      {
        type: 'paragraph',
        content: [{ type: 'text', text: '# not a heading *nor* _this_ [or](this) <b>&amp; \\' }],
      },
      { type: 'paragraph', content: [{ type: 'text', text: '- nor a list' }] },
      { type: 'paragraph', content: [{ type: 'text', text: '1. nor this' }] },
      { type: 'list', ordered: false, items: [[{ type: 'text', text: '- a dash' }]] },
    ];
    const written = markdownOfRichText(typed);
    expect(richTextOfMarkdown(written)).toEqual(typed);
    expect(rendered(written)).toContain('&lt;b&gt;&amp;amp; \\');
  });

  it('holds every state the editor passes through: a list item just begun, strikes and leading spaces typed', () => {
    const typed: RichText = [
      { type: 'paragraph', content: [{ type: 'text', text: '~~not struck~~ and a | pipe' }] },
      { type: 'paragraph', content: [{ type: 'text', text: '    not code' }] },
      { type: 'list', ordered: false, items: [[{ type: 'text', text: 'Receipts' }], []] },
      { type: 'list', ordered: true, items: [[]] },
    ];
    const back = richTextOfMarkdown(markdownOfRichText(typed));
    expect(back).toEqual([
      typed[0],
      { type: 'paragraph', content: [{ type: 'text', text: 'not code' }] },
      typed[2],
      typed[3],
    ]);
  });

  it('writes a link across runs of different marks, with an address holding brackets', () => {
    const typed: RichText = [
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'See ' },
          { type: 'text', text: 'the ', link: '/guides/vat_(2026)' },
          { type: 'text', text: 'form', bold: true, link: '/guides/vat_(2026)' },
          { type: 'text', text: '.' },
        ],
      },
    ];
    expect(richTextOfMarkdown(markdownOfRichText(typed))).toEqual(typed);
  });

  it.each([
    ['a picture', '![A chart](/insights/images/chart.webp)'],
    ['a quotation', '> Quoted'],
    ['code', 'Run `npm start`'],
    ['a rule', 'One\n\n---\n\nTwo'],
    ['three levels of heading', '# One\n\n## Two\n\n### Three'],
    ['a list inside a list', '- one\n  - inner'],
    ['a line break kept as one', 'one  \ntwo'],
    ['a link the site would not allow', '[the file](ftp://example.com/file)'],
  ])('says it cannot hold %s, so the editor leaves it as Markdown', (_what, source) => {
    expect(richTextOfMarkdown(source)).toBeNull();
  });
});
