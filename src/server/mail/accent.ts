import { contrastRatio, darker, lighter, minimumContrast } from '#shared/colours.ts';
import { emailColours } from './brand-colours.ts';

// The firm's colour in an email, for light mail programs and dark ones alike (layout.ts).

/** The dark palette's greys, which mail programs that turn dark get (layout.ts's dark styles). */
export const darkGreys = {
  page: '#141b20',
  card: '#1d262c',
  ink: '#e8e6e1',
  muted: '#b4bcc2',
  rule: '#34414a',
};

/** The firm's colour where an email shows it, in light and dark mail programs. */
export interface Accent {
  /** Its name, links and buttons on white; the page around the card is a pale tint of it. */
  light: string;
  page: string;
  /** The same colour lightened until it reads on the dark card, and the dark text on its buttons. */
  dark: string;
  darkInk: string;
}

/** The accent of a firm's emails, from its main colour (the site's default for older messages). */
export function accentOf(brand = emailColours.accent): Accent {
  let dark = brand;
  for (let amount = 0.1; contrastRatio(dark, darkGreys.card) < minimumContrast && amount <= 1; amount += 0.1)
    dark = lighter(brand, amount);
  return { light: brand, page: lighter(brand, 0.92), dark, darkInk: darker(brand, 0.75) };
}
