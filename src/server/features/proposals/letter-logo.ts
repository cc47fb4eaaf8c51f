import { loadSharp } from '#server/pictures/sharp.ts';

// The firm's logo for the engagement letter's letterhead: a PNG the PDF can hold (pdf-lib embeds PNG and
// JPEG, not SVG), 96 pixels high, made once for each logo and kept while it is the firm's.

/** The stored logo as the firm's details hold it (features/firm's FirmLogo). */
export interface LogoSource {
  bytes: Buffer;
  key: string;
}

let made: { key: string; png: Promise<Buffer | undefined> } | undefined;

/** The logo as a PNG for the letter; none for a firm without one, or a logo that cannot be drawn. */
export function letterLogo(logo: LogoSource | undefined): Promise<Buffer | undefined> {
  if (!logo) return Promise.resolve(undefined);
  if (made?.key !== logo.key) {
    made = {
      key: logo.key,
      png: loadSharp()
        .then((sharp) =>
          sharp(logo.bytes, { density: 300 })
            .resize({ height: 96 })
            .flatten({ background: '#ffffff' })
            .png()
            .toBuffer(),
        )
        // A letter without its logo is still the letter: the firm's name heads it.
        .catch(() => undefined),
    };
  }
  return made.png;
}
