import { colourStylesheet } from './colours.ts';
import { type TypefaceId, typefaceStylesheet } from './typefaces.ts';

// The firm's look as every page takes it: its colours and its typeface, in the stylesheet each page
// links after the site's own (/theme.css), from the server's memory.

export interface Look {
  colours: { brand: string; accent: string };
  typeface: TypefaceId;
}

/** Where a page finds the stylesheet of its look: the address changes with it, so browsers keep it. */
export const themeHref = ({ colours, typeface }: Look) =>
  `/theme.css?v=${colours.brand.slice(1)}${colours.accent.slice(1)}-${typeface}`;

/**
 * The one stylesheet a page links: the look's, with the build's stylesheets (`styles`, named by their
 * content) before it, which the server joins; a new build or a new look is a new address.
 */
export const stylesheetHref = (look: Look, styles: readonly string[]) =>
  styles.length > 0 ? `${themeHref(look)}&b=${buildOf(styles)}` : themeHref(look);

/** The build's stylesheets in a word: each file's content hash, as its name carries it. */
export const buildOf = (styles: readonly string[]) =>
  styles.map((href) => /-([\w-]+)\.css$/.exec(href)?.[1] ?? '').join('.');

/** The stylesheet of a look whose typeface's file the site serves at `typefaceFile`. */
export const lookStylesheet = (look: Look, typefaceFile: string) =>
  colourStylesheet(look.colours) + typefaceStylesheet(look.typeface, typefaceFile);
