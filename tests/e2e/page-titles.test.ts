import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Search engines cut a title after about 60 characters and a description after about 160: every
// prerendered page stays within both, so what a searcher reads is what the firm wrote.
const pagesDir = path.resolve(import.meta.dirname, '../../dist/pages');
const pageFiles = readdirSync(pagesDir, { recursive: true })
  .map(String)
  .filter((name) => name.endsWith('.html'));

const decode = (text: string) =>
  text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');

describe('page titles and descriptions', () => {
  it('covers every prerendered page', () => {
    expect(pageFiles.length).toBeGreaterThanOrEqual(15);
  });

  it.each(pageFiles)('%s: a title of at most 60 characters and a description of at most 160', (file) => {
    const html = readFileSync(path.join(pagesDir, file), 'utf8');
    const title = decode(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? '');
    const description = decode(html.match(/<meta name="description" content="([^"]*)">/)?.[1] ?? '');
    expect(title.length, title).toBeGreaterThan(0);
    expect(title.length, title).toBeLessThanOrEqual(60);
    expect(description.length, description).toBeGreaterThan(0);
    expect(description.length, description).toBeLessThanOrEqual(160);
  });
});
