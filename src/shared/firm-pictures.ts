// The pictures an owner uploads on the Firm details screen (docs/decisions/022-the-firm-is-data.md): the
// logo, an SVG made safe or a PNG, from which the server makes the favicon, the phone's home-screen icon
// and the sharing image; and the home page's picture, a photo made into the sizes screens need. Each
// refusal starts with the field's label, as the details' refusals do.

export const logoTypes = ['image/svg+xml', 'image/png'] as const;
export type LogoType = (typeof logoTypes)[number];

/** A logo is a small file: an SVG of a few kilobytes, a PNG of a few hundred. */
export const logoMaxBytes = 1024 * 1024;

/** A PNG smaller than this on its shorter side looks blurred as a phone's home-screen icon (180 px). */
export const logoMinPixels = 128;

/** The refusals of a mark uploaded as an SVG or a PNG (a logo, a badge), each starting with its field. */
function markRefusals(field: string, minPixels: number) {
  return {
    type: `${field}: upload an SVG or a PNG file.`,
    size: `${field}: the file is larger than 1 MB. Save it smaller (a PNG as an SVG, if you have one).`,
    unreadable: `${field}: the file could not be read as a picture. Save it again from your design program.`,
    blank: `${field}: the picture is empty or white, so nothing of it would be seen on the site's white background. Upload a version in colour.`,
    small: `${field}: the picture is smaller than ${minPixels} pixels on a side. Upload a larger one, or an SVG.`,
    script: `${field}: the SVG holds a script. Save it again without scripts.`,
    handler: `${field}: the SVG holds event handlers (such as onload). Save it again without them.`,
    external: `${field}: the SVG refers to other files or addresses. Save it again with its pictures and fonts inside, or as a PNG.`,
    foreignObject: `${field}: the SVG holds HTML (a foreignObject). Save it again as plain shapes, or as a PNG.`,
    entities: `${field}: the SVG declares entities of its own. Save it again from your design program.`,
    tooDetailed: `${field}: the SVG is too detailed to draw quickly (thousands of shapes, or many filters). Simplify it, or save it as a PNG.`,
    tooManyPixels: `${field}: the picture is larger than 40 megapixels. Save it smaller: 1,000 pixels across is plenty.`,
    noFile: `${field}: choose a file first.`,
  };
}
export type MarkRefusals = ReturnType<typeof markRefusals>;

export const logoMessages = {
  saved: 'Logo saved. The pages, the icons and the sharing picture show it now.',
  removed: 'Logo removed. The pages show the firm’s name alone.',
  ...markRefusals('Logo', logoMinPixels),
  noDetails: 'Save the firm’s details before its logo.',
} as const;

/** A badge is shown small, beside the firm's accreditations. */
export const badgeMinPixels = 64;
export const maxBadges = 8;
export const badgeAltMaxLength = 120;

export const badgeMessages = {
  saved: 'Badge added. The home page shows it beside your accreditations.',
  removed: 'Badge removed.',
  ...markRefusals('Badge', badgeMinPixels),
  alt: `What the badge says: this is needed, at most ${badgeAltMaxLength} characters on one line (e.g. ICAEW Chartered Accountants).`,
  tooMany: `Badge: at most ${maxBadges}. Remove one before adding another.`,
  unknown: 'Badge: that badge is not shown any more. Reload the page to see those that are.',
  duplicate: 'Badge: the site shows this badge already.',
  noDetails: 'Save the firm’s details before its badges.',
} as const;

/** A picture narrower than this would be enlarged, and blurred, on a laptop's home page. */
export const heroMinWidth = 960;
export const heroAltMaxLength = 200;

export const heroMessages = {
  saved: 'Picture saved. The home page shows it now.',
  removed: 'Picture removed. The home page shows the drawing in your colours again.',
  type: 'Home page picture: upload a JPEG, PNG or WebP photo.',
  size: 'Home page picture: the file is larger than 8 MB. Save it smaller and upload it again.',
  unreadable: 'Home page picture: the file could not be read as a picture. Upload a JPEG, PNG or WebP photo.',
  pixels:
    'Home page picture: the picture is larger than 100 megapixels. Save it smaller: 3,000 pixels across is plenty.',
  /** The file is not the type its name says. */
  mislabelled:
    'Home page picture: the file is not the kind of picture its name says. Save it again as a JPEG, PNG or WebP.',
  small: `Home page picture: the picture is narrower than ${heroMinWidth} pixels, and would look blurred. Upload a larger one.`,
  alt: `Description of the picture: at most ${heroAltMaxLength} characters of ordinary text on one line.`,
  noDetails: 'Save the firm’s details before its home page picture.',
  noFile: 'Home page picture: choose a file first.',
} as const;
