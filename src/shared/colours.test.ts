import { describe, expect, it } from 'vitest';
import { colourProblem, colourStylesheet, contrastRatio, defaultColours, normalColour } from './colours.ts';
import { themeHref } from './look.ts';

describe('the firm’s colours', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
  });

  it('refuses a colour text in which would not read on white, saying how far it falls short', () => {
    expect(colourProblem('#ffbf47')).toBe(
      'text in #ffbf47 on white has a contrast of 1.6:1, and needs 4.5:1 to be readable (WCAG AA): choose a darker shade',
    );
    expect(colourProblem(defaultColours.brand)).toBeNull();
    expect(colourProblem(defaultColours.accent)).toBeNull();
  });

  it('keeps a colour one way, and gives the pages a stylesheet whose address changes with it', () => {
    expect(normalColour(' 0B5563 ')).toBe('#0b5563');
    expect(normalColour('#0b556')).toBeNull();
    expect(normalColour('red')).toBeNull();
    expect(themeHref({ colours: { brand: '#1d3557', accent: '#9b2226' }, typeface: 'inter' })).toBe(
      '/theme.css?v=1d35579b2226-inter',
    );
    expect(colourStylesheet({ brand: '#1d3557', accent: '#9b2226' })).toMatch(
      /^:root\{--color-brand:#1d3557;--color-brand-dark:#[0-9a-f]{6};--color-accent:#9b2226;--color-tint:#[0-9a-f]{6}\}\n$/,
    );
  });
});
