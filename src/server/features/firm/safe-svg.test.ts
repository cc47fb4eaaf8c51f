import { describe, expect, it } from 'vitest';
import { logoMessages } from '#shared/firm-pictures.ts';
import { type SvgRefusal, safeSvg } from './safe-svg.ts';

const svg = (inside: string, attributes = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg"${attributes} viewBox="0 0 10 10">${inside}</svg>`;

/** What a logo's owner is told about `source`; undefined when it is taken. */
function refusalOf(source: string): string | undefined {
  try {
    safeSvg(source);
  } catch (error) {
    return logoMessages[(error as SvgRefusal).problem];
  }
}

describe('an uploaded SVG logo', () => {
  it.each([
    ['a script', svg('<script>alert(1)</script>'), logoMessages.script],
    [
      'a script in another namespace',
      svg('<h:script xmlns:h="http://www.w3.org/1999/xhtml">x</h:script>'),
      logoMessages.script,
    ],
    ['an event handler', svg('<rect/>', ' onload="alert(1)"'), logoMessages.handler],
    [
      'an event handler inside left-out metadata',
      svg('<metadata><x:y xmlns:x="urn:x" onclick="1"/></metadata>'),
      logoMessages.handler,
    ],
    [
      'a foreignObject',
      svg('<foreignObject><p xmlns="http://www.w3.org/1999/xhtml">x</p></foreignObject>'),
      logoMessages.foreignObject,
    ],
    [
      'a picture from an address',
      svg('<image href="https://tracker.example/pixel.png"/>'),
      logoMessages.external,
    ],
    [
      'a use of another file',
      svg('<use xlink:href="other.svg#mark"/>', ' xmlns:xlink="http://www.w3.org/1999/xlink"'),
      logoMessages.external,
    ],
    ['a javascript: link', svg('<a href="javascript:alert(1)"><rect/></a>'), logoMessages.external],
    ['an @import', svg('<style>@import url(https://fonts.example/a.css);</style>'), logoMessages.external],
    [
      'a url() to an address',
      svg('<style>.a { fill: url( "https://x.example/y") }</style>'),
      logoMessages.external,
    ],
    [
      'a url() spelt with a CSS escape',
      svg('<rect style="fill: u\\72l(https://x.example)"/>'),
      logoMessages.external,
    ],
    [
      'a stylesheet instruction',
      `<?xml-stylesheet href="https://x.example/a.css"?>${svg('')}`,
      logoMessages.external,
    ],
    ['entities of its own', `<!DOCTYPE svg [<!ENTITY lol "lol">]>${svg('&lol;')}`, logoMessages.entities],
    [
      'a url() split by a comment',
      svg('<style>rect { fill: ur<!-- -->l(https://x.example/a) }</style>'),
      logoMessages.external,
    ],
    [
      'an @import split by CDATA',
      svg('<style>@imp<![CDATA[ort]]> "https://x.example/a.css";</style>'),
      logoMessages.external,
    ],
    [
      'an image-set()',
      svg('<rect style="mask-image: image-set(\'https://x.example/a.png\' 1x)"/>'),
      logoMessages.external,
    ],
    [
      'an address kept for var()',
      svg('<style>rect { --u: "https://x.example/a.png" }</style>'),
      logoMessages.external,
    ],
    ['thousands of shapes', svg('<rect/>'.repeat(5_001)), logoMessages.tooDetailed],
    [
      'many filters',
      svg(
        `<filter id="b"><feGaussianBlur stdDeviation="30"/></filter>${'<rect filter="url(#b)"/>'.repeat(20)}`,
      ),
      logoMessages.tooDetailed,
    ],
    [
      'uses nested to draw a hundred million shapes',
      svg(
        `<defs><g id="l0">${'<rect width="1" height="1"/>'.repeat(10)}</g>${Array.from({ length: 8 }, (_, level) => `<g id="l${level + 1}">${`<use href="#l${level}"/>`.repeat(10)}</g>`).join('')}</defs><use href="#l8"/>`,
      ),
      logoMessages.tooDetailed,
    ],
    [
      'a use of itself',
      svg('<g id="loop"><rect width="1" height="1"/><use href="#loop"/></g>'),
      logoMessages.tooDetailed,
    ],
    [
      'one filtered shape used many times',
      svg(
        `<filter id="b"><feGaussianBlur stdDeviation="30"/></filter><rect id="r" filter="url(#b)" width="9" height="9"/>${'<use href="#r"/>'.repeat(30)}`,
      ),
      logoMessages.tooDetailed,
    ],
    ['an undeclared entity', svg('&nbsp;'), logoMessages.unreadable],
    ['HTML', '<html><body><svg xmlns="http://www.w3.org/2000/svg"/></body></html>', logoMessages.unreadable],
    ['text that is not XML', 'a logo', logoMessages.unreadable],
  ])('is refused when it holds %s', (_, source, message) => {
    expect(refusalOf(source)).toBe(message);
  });

  it('keeps the drawing and leaves out what design programs add around it', () => {
    const inkscape =
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n' +
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" ' +
      'xmlns:xlink="http://www.w3.org/1999/xlink" inkscape:version="1.3" width="40" height="20" data-x="1">' +
      '<!-- made by hand --><metadata><rdf>about</rdf></metadata>' +
      '<title>O’Brien &amp; Marsh</title>' +
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#123"/></linearGradient></defs>' +
      '<rect width="40" height="20" fill="url(#g)" inkscape:label="background"/>' +
      '<use xlink:href="#g"/><set attributeName="fill" to="red"/>' +
      '<style>rect > path { fill: #fff }</style></svg>';
    expect(safeSvg(inkscape)).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20">' +
        '<title>O’Brien &amp; Marsh</title>' +
        '<defs><linearGradient id="g"><stop offset="0" stop-color="#123"></stop></linearGradient></defs>' +
        '<rect width="40" height="20" fill="url(#g)"></rect>' +
        '<use href="#g"></use>' +
        '<style>rect &gt; path { fill: #fff }</style></svg>',
    );
  });

  it('keeps a font the SVG carries inside it', () => {
    const font = svg(
      '<style>@font-face { font-family: Brand; src: url(data:font/woff2;base64,d09GMgAB) }</style>',
    );
    expect(safeSvg(font)).toContain('src: url(data:font/woff2;base64,d09GMgAB)');
  });

  it('keeps a shape used a few times, and what a link wraps, without the link', () => {
    const drawn = safeSvg(
      svg('<a href="#top"><rect id="dot" width="2" height="2"/></a><use href="#dot" x="4"/>'),
    );
    expect(drawn).toContain('<rect id="dot" width="2" height="2"></rect><use href="#dot" x="4"></use>');
    expect(drawn).not.toContain('<a');
  });

  it('keeps a picture the SVG carries inside it', () => {
    const inside = svg('<image href="data:image/png;base64,iVBORw0KGgo=" width="10" height="10"/>');
    expect(safeSvg(inside)).toContain(
      '<image href="data:image/png;base64,iVBORw0KGgo=" width="10" height="10">',
    );
  });
});
