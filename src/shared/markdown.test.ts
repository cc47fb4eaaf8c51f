import { describe, expect, it } from 'vitest';
import { markdownToText, renderMarkdown } from './markdown.ts';

const origin = 'https://www.example-firm.co.uk';

describe('Markdown written by staff', () => {
  it('renders headings below the page title, lists, emphasis and links', () => {
    const html = renderMarkdown(
      '# VAT changes\n\nFrom **April**, see [HMRC](https://www.gov.uk/vat) or [our fees](/services).\n\n- one\n- two\n',
      origin,
    );
    expect(html).toContain('<h2>VAT changes</h2>');
    expect(html).toContain('<strong>April</strong>');
    expect(html).toContain('<a href="https://www.gov.uk/vat" rel="noopener">HMRC</a>');
    expect(html).toContain('<a href="/services">our fees</a>');
    expect(html).toContain('<li>one</li>');
  });

  it('makes the highest heading h2 whatever level the author started at, and skips no level', () => {
    expect(renderMarkdown('## Deadlines\n\n### January\n\n## Allowances')).toBe(
      '<h2>Deadlines</h2>\n<h3>January</h3>\n<h2>Allowances</h2>\n',
    );
    expect(renderMarkdown('# One\n\n## Two')).toBe('<h2>One</h2>\n<h3>Two</h3>\n');
  });

  it('gives outside links rel="noopener" but not links to the site itself', () => {
    expect(renderMarkdown(`[home](${origin}/about)`, origin)).toBe(
      `<p><a href="${origin}/about">home</a></p>\n`,
    );
    expect(renderMarkdown('<https://evil.example/>', origin)).toContain('rel="noopener"');
    expect(renderMarkdown('see https://www.gov.uk today', origin)).toContain(
      '<a href="https://www.gov.uk" rel="noopener">',
    );
  });

  it('renders every known Markdown XSS attempt inert', () => {
    const attempts = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '[click](javascript:alert(1))',
      '[click](JaVaScRiPt:alert(1))',
      '[click](  javascript:alert(1))',
      '[click](&#106;avascript:alert(1))',
      '[click](java\tscript:alert(1))',
      '[click](vbscript:msgbox(1))',
      '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
      '![x](javascript:alert(1))',
      '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
      '[x](https://a.example/"onmouseover="alert(1))',
      '<a href="javascript:alert(1)">x</a>',
      '<iframe src="https://evil.example"></iframe>',
      '<svg onload=alert(1)>',
      '[x](//evil.example/path)',
      '`<script>` and ```\n<script>alert(1)</script>\n```',
      '<style>body{display:none}</style>',
      '<<script>script>alert(1)<</script>/script>',
    ];
    for (const source of attempts) {
      // Escaped text holds no "<", so every "<" in the answer opens a tag the renderer made itself.
      for (const [, name, attributes] of renderMarkdown(source, origin).matchAll(
        /<\/?([a-z0-9]+)([^>]*)>/gi,
      )) {
        expect(['p', 'a', 'code', 'pre', 'strong', 'em', 'h2', 'br']).toContain(name);
        for (const [, attribute, value] of (attributes ?? '').matchAll(/\s([^\s=]+)="([^"]*)"/g)) {
          expect(['href', 'rel', 'class'], source).toContain(attribute);
          if (attribute === 'href') expect(value, source).toMatch(/^(https:\/\/[^/]|\/[^/])/);
        }
      }
    }
  });

  it('shows the site’s own pictures only, kept to the column’s width, and drops any from elsewhere', () => {
    expect(renderMarkdown('![Chart](/insights/images/c-960.webp)', origin)).toContain(
      '<img src="/insights/images/c-960.webp" alt="Chart" loading="lazy">',
    );
    expect(renderMarkdown(`![Chart](${origin}/images/c.png)`, origin)).toContain('<img');
    for (const elsewhere of [
      'https://cdn.example/c.png',
      'http://tracker.example/p.gif',
      '//cdn.example/c.png',
    ]) {
      expect(renderMarkdown(`![Chart](${elsewhere})`, origin), elsewhere).not.toContain('<img');
    }
  });

  it('writes paths on the site as whole addresses where the HTML is read elsewhere (emails, feeds)', () => {
    const html = renderMarkdown(
      '[our fees](/services) ![Chart](/images/c.png) [HMRC](https://www.gov.uk)',
      origin,
      {
        absolute: true,
      },
    );
    expect(html).toContain(`<a href="${origin}/services">our fees</a>`);
    expect(html).toContain(
      `src="${origin}/images/c.png" alt="Chart" loading="lazy" style="max-width:100%;height:auto"`,
    );
    expect(html).toContain('<a href="https://www.gov.uk" rel="noopener">HMRC</a>');
    expect(markdownToText('See [our fees](/services).', origin)).toBe(`See our fees (${origin}/services).\n`);
  });

  it('numbers an ordered list in plain text, from where it starts', () => {
    expect(markdownToText('1. File\n2. Pay\n\n3. Relax\n\n- one\n- two')).toBe(
      '1. File\n2. Pay\n3. Relax\n\n- one\n- two\n',
    );
  });

  it('links an address written as it is to that one address, whatever it holds', () => {
    const html = renderMarkdown('Write to jo+vat@example.com or <ann@example.com>.', origin);
    expect(html).toContain('<a href="mailto:jo+vat@example.com">jo+vat@example.com</a>');
    expect(html).toContain('<a href="mailto:ann@example.com">ann@example.com</a>');
    // Linkified as markdown-it finds it, `&` and `=` would have stood raw in the link.
    const hostile = renderMarkdown('Ask a&b=c@evil.example', origin);
    const href = hostile.match(/href="([^"]+)"/)?.[1] ?? '';
    expect(href).toMatch(/^mailto:/);
    expect(href).toBe('mailto:a%26b%3Dc@evil.example');
  });

  it('turns into readable plain text for an email', () => {
    expect(
      markdownToText(
        '# VAT changes\n\nFrom **April**, see [HMRC](https://www.gov.uk/vat).\nNew line.\n\n- one\n- two\n\nBye, <jo@example.com>',
      ),
    ).toBe(
      'VAT changes\n\nFrom April, see HMRC (https://www.gov.uk/vat). New line.\n\n- one\n- two\n\nBye, jo@example.com\n',
    );
  });
});

it('keeps what an accountant types as typed: (c) of a section, 16--18 and ..., with quotes curled', () => {
  expect(renderMarkdown('Under s455(1)(c), reg 3(r), paragraphs 16--18... and "close companies".')).toBe(
    '<p>Under s455(1)(c), reg 3(r), paragraphs 16--18... and “close companies”.</p>\n',
  );
});
