// HTML pasted into the rich-text editor (from Word, Google Docs, a web page), made plain before the editor
// reads it: parsed in a document of its own that never runs or fetches anything, its tables turned into a
// line a row (the cells kept apart), its headings into the two levels the site has, and everything that
// could run or load (scripts, styles, pictures, frames, handlers) taken out.

const dropped =
  'script, style, img, picture, video, audio, iframe, object, embed, svg, math, template, link, meta';

export function plainPastedHtml(html: string): string {
  const pasted = new DOMParser().parseFromString(html, 'text/html');
  for (const element of pasted.querySelectorAll(dropped)) element.remove();
  for (const element of pasted.querySelectorAll('*')) {
    for (const { name } of [...element.attributes]) if (name !== 'href') element.removeAttribute(name);
  }
  for (const row of pasted.querySelectorAll('tr')) {
    const line = pasted.createElement('p');
    const cells = [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? '');
    line.textContent = cells.filter(Boolean).join(' – ');
    row.closest('table')?.before(line);
  }
  for (const table of pasted.querySelectorAll('table')) table.remove();
  for (const [from, to] of [
    ['h1', 'h2'],
    ['h4', 'h3'],
    ['h5', 'h3'],
    ['h6', 'h3'],
  ] as const) {
    for (const heading of pasted.querySelectorAll(from)) {
      const renamed = pasted.createElement(to);
      renamed.append(...heading.childNodes);
      heading.replaceWith(renamed);
    }
  }
  return pasted.body.innerHTML;
}
