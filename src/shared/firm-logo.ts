// The firm's logo as an owner uploads it on the Firm details screen: an SVG, made safe, or a PNG. The
// server makes the favicon, the phone's home-screen icon and the sharing image from it
// (docs/decisions/022-the-firm-is-data.md). Each refusal starts with the field's label, as the details'
// refusals do.

export const logoTypes = ['image/svg+xml', 'image/png'] as const;
export type LogoType = (typeof logoTypes)[number];

/** A logo is a small file: an SVG of a few kilobytes, a PNG of a few hundred. */
export const logoMaxBytes = 1024 * 1024;

/** A PNG smaller than this on its shorter side looks blurred as a phone's home-screen icon (180 px). */
export const logoMinPixels = 128;

export const logoMessages = {
  saved:
    'Logo saved. The pages, the icons and the sharing picture show it now, on every instance within seconds.',
  removed: 'Logo removed. The pages show the firm’s name alone.',
  type: 'Logo: upload an SVG or a PNG file.',
  size: 'Logo: the file is larger than 1 MB. Save it smaller, or as an SVG.',
  unreadable: 'Logo: the file could not be read as a picture. Save it again from your design program.',
  small: `Logo: the picture is smaller than ${logoMinPixels} pixels on a side. Upload a larger one, or an SVG.`,
  script: 'Logo: the SVG holds a script. Save it again without scripts.',
  handler: 'Logo: the SVG holds event handlers (such as onload). Save it again without them.',
  external:
    'Logo: the SVG refers to other files or addresses. Save it again with its pictures and fonts inside, or as a PNG.',
  foreignObject: 'Logo: the SVG holds HTML (a foreignObject). Save it again as plain shapes, or as a PNG.',
  entities: 'Logo: the SVG declares entities of its own. Save it again from your design program.',
  noDetails: 'Save the firm’s details before its logo.',
} as const;
