import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// The standard fonts' metrics, which pdf.js reads from its own package to lay out text in them.
const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** The text of a PDF as a reader's program extracts it: each page's lines, joined by line breaks. */
export async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  const loading = getDocument({ data: new Uint8Array(bytes), standardFontDataUrl });
  const pdf = await loading.promise;
  const lines: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent();
    let line = '';
    for (const item of content.items) {
      if (!('str' in item)) continue;
      line += item.str;
      if (item.hasEOL) {
        lines.push(line);
        line = '';
      }
    }
    if (line) lines.push(line);
  }
  const pages = pdf.numPages;
  await loading.destroy();
  return { pages, text: lines.join('\n') };
}
