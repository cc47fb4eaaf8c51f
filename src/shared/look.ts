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

/** The stylesheet of a look whose typeface's file the site serves at `typefaceFile`. */
export const lookStylesheet = (look: Look, typefaceFile: string) =>
  colourStylesheet(look.colours) + typefaceStylesheet(look.typeface, typefaceFile);
