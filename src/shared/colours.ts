// The firm's colours, and the one check they must pass: text in them on white, and white text on them
// (the buttons), must be readable, at a contrast of 4.5:1 or more (WCAG 2.2 AA, 1.4.3).

export const minimumContrast = 4.5;

/** The colours the site starts with, before a firm chooses its own. */
export const defaultColours = { brand: '#0b5563', accent: '#b8441f' } as const;

const hexColour = /^#[0-9a-f]{6}$/;

/** "#0B5563" or "0b5563" as the site keeps it ("#0b5563"); null if it is not six hex digits. */
export function normalColour(value: string): string | null {
  const hex = `#${value.trim().replace(/^#/, '').toLowerCase()}`;
  return hexColour.test(hex) ? hex : null;
}

const channels = (hex: string) => [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));

/** WCAG's relative luminance of a colour, from 0 (black) to 1 (white). */
function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = channels(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast of two colours, from 1 (the same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Why a colour cannot carry text on white (and white text on it), in words; null when it can. */
export function colourProblem(hex: string): string | null {
  const ratio = contrastRatio(hex, '#ffffff');
  if (ratio >= minimumContrast) return null;
  return `text in ${hex} on white has a contrast of ${(Math.floor(ratio * 10) / 10).toFixed(1)}:1, and needs ${minimumContrast}:1 to be readable (WCAG AA): choose a darker shade`;
}

/** `hex` mixed with black (`amount` 0 to 1): the darker shade buttons take on hover. */
export function darker(hex: string, amount: number): string {
  return `#${channels(hex)
    .map((channel) =>
      Math.round(channel * (1 - amount))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** `hex` mixed with white (`amount` 0 to 1): the pale background of tinted sections. */
export function lighter(hex: string, amount: number): string {
  return `#${channels(hex)
    .map((channel) =>
      Math.round(channel + (255 - channel) * amount)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** The stylesheet that sets the site's colour tokens (src/client/styles/theme.css names them) to the firm's. */
export function colourStylesheet(colours: { brand: string; accent: string }): string {
  return `:root{--color-brand:${colours.brand};--color-brand-dark:${darker(colours.brand, 0.25)};--color-accent:${colours.accent};--color-tint:${lighter(colours.brand, 0.92)}}\n`;
}
