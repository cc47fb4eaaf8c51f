import { describe, expect, it } from 'vitest';
import { contrastRatio, minimumContrast } from '#shared/colours.ts';
import { demoFirm } from '#tests/support/firms.ts';
import { renderEmailHtml } from './email-html.ts';
import { brandColourOf, emailFirm } from './layout.ts';

// The card of the dark palette every email's dark styles draw on.
const darkCard = '#1d262c';

describe('an email in the firm’s colours', () => {
  const body = (brand: string | undefined) => ({
    firm: { ...emailFirm({ ...demoFirm(), name: 'O’Brien & Marsh' }), brand },
    preview: 'Your call is booked',
    heading: 'Your call is booked',
    blocks: [
      { kind: 'button' as const, label: 'Cancel the call', href: 'https://obrienmarsh.example/cancel' },
    ],
  });

  it('draws the name, buttons and links in the firm’s main colour on a pale tint of it', async () => {
    const html = await renderEmailHtml(body('#5b2a86'));
    expect(html).toMatch(/class="brand"[^>]*color:#5b2a86/);
    expect(html).toMatch(/class="button"[^>]*background-color:#5b2a86/);
    expect(html).toContain('background-color:#f2eef5');
    expect(brandColourOf(html)).toBe('#5b2a86');
  });

  it('lightens the colour in a dark mail program until it reads on the dark card', async () => {
    for (const brand of ['#5b2a86', '#0b5563', '#1d3557', '#000000']) {
      const html = await renderEmailHtml(body(brand));
      const dark = /\.brand \{ color: (#[0-9a-f]{6}) !important; \}/.exec(html)?.[1] as string;
      expect(contrastRatio(dark, darkCard), brand).toBeGreaterThanOrEqual(minimumContrast);
      const ink = /\.button \{ background-color: #[0-9a-f]{6} !important; color: (#[0-9a-f]{6})/.exec(
        html,
      )?.[1];
      expect(contrastRatio(ink as string, dark), brand).toBeGreaterThanOrEqual(minimumContrast);
    }
  });

  it('shows no logo for a firm that has none, only its name', async () => {
    const html = await renderEmailHtml({
      ...body('#5b2a86'),
      firm: { ...body('#5b2a86').firm, hasLogo: false },
    });
    expect(html).not.toContain('<img');
    expect(html).toContain('O’Brien &amp; Marsh');
  });

  it('draws a message stored before firms had colours in the site’s own', async () => {
    expect(brandColourOf(await renderEmailHtml(body(undefined)))).toBe('#0b5563');
  });
});
