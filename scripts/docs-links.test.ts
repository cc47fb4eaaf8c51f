import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/behaviour.md names the tests that prove each behaviour, and comments link to its headings. Both go
// stale silently when a test or a heading is renamed; these checks make the rename show.

const root = path.resolve(import.meta.dirname, '..');
const behaviour = readFileSync(path.join(root, 'docs/behaviour.md'), 'utf8');

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/ /g, '-');

const anchors = new Set(
  behaviour
    .replace(/^```[\s\S]*?^```/gm, '')
    .split('\n')
    .flatMap((line) => /^#{1,6} (.+)$/.exec(line)?.[1] ?? [])
    .map(anchorOf),
);

/** "- `file` › describe › it" lines: each test the document cites. */
const citedTests = [...behaviour.matchAll(/^- `([^`]+\.test\.tsx?)` › (.+)$/gm)].map(([, file, chain]) => ({
  file: file as string,
  titles: (chain as string).split(' › '),
}));

describe('docs/behaviour.md', () => {
  it('names only tests that exist, by their file and the titles of their describe and it', () => {
    expect(citedTests.length).toBeGreaterThan(100);
    const missing = citedTests.flatMap(({ file, titles }) => {
      const full = path.join(root, file);
      if (!existsSync(full)) return [`${file}: no such file`];
      const source = readFileSync(full, 'utf8');
      return titles
        .filter((title) => !["'", '"', '`'].some((quote) => source.includes(`${quote}${title}${quote}`)))
        .map((title) => `${file}: no test titled "${title}"`);
    });
    expect(missing).toEqual([]);
  });

  it('links only to its own headings, whoever links to it', () => {
    const folders = ['src', 'tests', 'scripts', 'bench', 'content', 'docs'];
    const files = [
      ...folders.flatMap((folder) =>
        readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' }).map((file) =>
          path.join(folder, file),
        ),
      ),
      ...readdirSync(root).filter((file) => file.endsWith('.md')),
    ].filter((file) => /\.(ts|tsx|css|md)$/.test(file));
    const broken = files.flatMap((file) => {
      const text = readFileSync(path.join(root, file), 'utf8');
      // Other files link with the document's path, then `#`; the document itself with `](#…)`.
      const link = file === 'docs/behaviour.md' ? /\]\(#([\w-]+)\)/g : /behaviour\.md#([\w-]+)/g;
      return [...text.matchAll(link)]
        .map((match) => match[1] as string)
        .filter((anchor) => !anchors.has(anchor))
        .map((anchor) => `${file}: #${anchor}`);
    });
    expect(broken).toEqual([]);
  });
});
