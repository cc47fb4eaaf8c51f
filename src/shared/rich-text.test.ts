import { describe, expect, it } from 'vitest';
import { characterCount, plainTextOf, type RichText, richTextMessages, richTextSchema } from './rich-text.ts';

const linked = (link: string): RichText => [
  { type: 'paragraph', content: [{ type: 'text', text: 'Read this', link }] },
];
const problemsOf = (value: unknown) =>
  richTextSchema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe('rich text', () => {
  it('takes paragraphs, headings and lists of bold, italic and linked text', () => {
    const text: RichText = [
      { type: 'heading', level: 2, content: [{ type: 'text', text: 'Landlords' }] },
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'We file ' },
          { type: 'text', text: 'every', bold: true, italic: true },
          { type: 'text', text: ' return.', link: '/contact' },
        ],
      },
      {
        type: 'list',
        ordered: false,
        items: [[{ type: 'text', text: 'Rent' }], [{ type: 'text', text: 'Repairs' }]],
      },
    ];
    expect(richTextSchema.parse(text)).toEqual(text);
    expect(plainTextOf(text)).toBe('Landlords\nWe file every return.\nRent\nRepairs');
    expect(characterCount(text)).toBe(41);
  });

  it.each([
    'https://www.gov.uk/vat',
    'http://example.com/',
    'mailto:hello@obrienmarsh.example',
    'tel:+44 113 496 0000',
    '/contact',
  ])('lets a link go to %s', (link) => {
    expect(problemsOf(linked(link))).toEqual([]);
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '//evil.example/',
    'ftp://files.example/',
    'vbscript:msgbox',
    'tel:call-me',
    'https://a b.example/',
    '/\\evil.example',
    'https://good.example/\\path',
  ])('refuses a link to %s, in words', (link) => {
    expect(problemsOf(linked(link))).toEqual([richTextMessages.link]);
  });

  it('refuses control characters, line breaks inside a run, markup of its own and too much text', () => {
    expect(problemsOf([{ type: 'paragraph', content: [{ type: 'text', text: 'a\u0000b' }] }])).toEqual([
      richTextMessages.text,
    ]);
    expect(problemsOf([{ type: 'paragraph', content: [{ type: 'text', text: 'a\nb' }] }])).toEqual([
      richTextMessages.text,
    ]);
    expect(problemsOf([{ type: 'html', html: '<script>alert(1)</script>' }])).not.toEqual([]);
    expect(problemsOf([{ type: 'heading', level: 1, content: [] }])).not.toEqual([]);
    expect(
      problemsOf([{ type: 'paragraph', content: [{ type: 'text', text: 'x', onclick: 'alert(1)' }] }]),
    ).not.toEqual([]);
    const long = Array.from({ length: 6 }, () => ({
      type: 'paragraph',
      content: [{ type: 'text', text: 'x'.repeat(9_000) }],
    }));
    expect(problemsOf(long)).toEqual([richTextMessages.tooLong]);
    expect(problemsOf([{ type: 'list', ordered: true, items: [] }])).toEqual([richTextMessages.emptyList]);
  });
});
