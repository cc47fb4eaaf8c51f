// The emails' light colours are the site's own design tokens (src/client/styles/theme.css), read once at start,
// so a firm that rebrands the site in that one file rebrands its emails too.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const themeCss = readFileSync(path.resolve(import.meta.dirname, '../../client/styles/theme.css'), 'utf8');

/** A colour token's value in src/client/styles/theme.css, such as `color-brand`; a missing one stops the start. */
export function themeColour(name: string): string {
  const value = themeCss.match(new RegExp(`--${name}:\\s*(#[0-9a-fA-F]{3,8})\\s*;`))?.[1];
  if (!value) throw new Error(`src/client/styles/theme.css has no colour --${name}`);
  return value;
}

export const emailColours = {
  card: themeColour('color-surface'),
  ink: themeColour('color-ink'),
  muted: themeColour('color-muted'),
  accent: themeColour('color-brand'),
  accentInk: themeColour('color-surface'),
  rule: themeColour('color-border'),
};
