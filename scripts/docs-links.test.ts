import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The docs link to each other and to their headings, code comments link to the docs' headings, and the
// behaviour files name the tests that prove each behaviour. All go stale silently when a file, a heading
// or a test is renamed or moved; these checks make the rename show. The README stays short enough to read
// at once: what does not fit goes into docs/.

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const maxReadmeLines = 150;

/** Every file under a folder of the repository, as a path from the root. */
const filesUnder = (folder: string) =>
  existsSync(path.join(root, folder))
    ? readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
        .map((file) => path.join(folder, file))
        .filter((file) => statSync(path.join(root, file)).isFile())
    : [];

/** README.md and every Markdown file under docs/. */
const documents = ['README.md', ...filesUnder('docs').filter((file) => file.endsWith('.md'))];

/** Markdown with its fenced code blocks left out, so that a `#` line in a shell example is no heading. */
const withoutFences = (markdown: string) => markdown.replace(/^(```|~~~)[\s\S]*?^\1/gm, '');

/** GitHub's anchor for a heading: its text (a link's words, code without backticks), lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');

/** The anchors of a Markdown file's headings; a repeated one gets -1, -2… as GitHub numbers them. */
function anchorsIn(markdown: string) {
  const anchors = new Set<string>();
  const headings = withoutFences(markdown)
    .split('\n')
    .flatMap((line) => /^ {0,3}#{1,6}\s+(.+?)\s*#*\s*$/.exec(line)?.[1] ?? []);
  for (const heading of headings) {
    const anchor = anchorOf(heading);
    let unique = anchor;
    for (let n = 1; anchors.has(unique); n++) unique = `${anchor}-${n}`;
    anchors.add(unique);
  }
  return anchors;
}

const anchorsByFile = new Map<string, Set<string>>();
const anchorsOf = (file: string) => {
  if (!anchorsByFile.has(file)) anchorsByFile.set(file, anchorsIn(read(file)));
  return anchorsByFile.get(file) as Set<string>;
};

/** What is wrong with a link to `file` (a path from the root) and its anchor, or null when nothing is. */
function problemWith(file: string, anchor: string | undefined) {
  if (!existsSync(path.join(root, file))) return 'no such file';
  if (anchor === undefined || anchor === '') return null;
  if (!file.endsWith('.md')) return `#${anchor} in a file that is not Markdown`;
  return anchorsOf(file).has(decodeURIComponent(anchor).toLowerCase()) ? null : `no heading makes #${anchor}`;
}

/** The relative links of a Markdown file: inline `[…](target)` and `![…](target)`, and `[label]: target`. */
function relativeLinksIn(markdown: string) {
  const text = withoutFences(markdown).replace(/`[^`\n]*`/g, '');
  const targets = [
    ...[...text.matchAll(/\]\(\s*<?([^()\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1] as string),
    ...[...text.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((match) => match[1] as string),
  ];
  return targets.filter((target) => target !== '' && !/^([a-z][a-z\d+.-]*:|\/\/)/i.test(target));
}

describe('the docs a person reads', () => {
  it(`keep README.md to ${maxReadmeLines} lines at most`, () => {
    expect(read('README.md').trimEnd().split('\n').length).toBeLessThanOrEqual(maxReadmeLines);
  });

  it('link only to files that exist, and to headings those files have', () => {
    expect(documents.length).toBeGreaterThan(10);
    const broken = documents.flatMap((document) =>
      relativeLinksIn(read(document)).flatMap((link) => {
        const [target = '', anchor] = link.split('#');
        const file = target === '' ? document : path.join(path.dirname(document), decodeURIComponent(target));
        const problem = problemWith(file, anchor);
        return problem ? [`${document}: (${link}) ${problem}`] : [];
      }),
    );
    expect(broken).toEqual([]);
  });

  it('are named by code, scripts and other docs only by paths that exist, with headings they have', () => {
    const folders = ['src', 'tests', 'scripts', 'bench', 'seeds', 'deploy', 'docs', '.ci'];
    const rootFiles = readdirSync(root).filter((file) => statSync(path.join(root, file)).isFile());
    const broken = [...folders.flatMap(filesUnder), ...rootFiles].flatMap((file) => {
      const bytes = readFileSync(path.join(root, file));
      if (bytes.includes(0)) return [];
      return [...bytes.toString('utf8').matchAll(/\bdocs\/[\w./-]*\w\.md(?:#([\w-]+))?/g)].flatMap(
        (match) => {
          const [named = '', anchor] = match[0].split('#');
          const problem = problemWith(named, anchor);
          return problem ? [`${file}: ${match[0]} ${problem}`] : [];
        },
      );
    });
    expect(broken).toEqual([]);
  });
});

describe('docs/behaviour/', () => {
  const behaviour = filesUnder('docs/behaviour').filter((file) => file.endsWith('.md'));

  /** "- `file` › describe › it" lines: each test the behaviour files cite. */
  const citedTests = behaviour.flatMap((document) =>
    [...read(document).matchAll(/^- `([^`]+\.test\.tsx?)` › (.+)$/gm)].map(([, file, chain]) => ({
      document,
      file: file as string,
      titles: (chain as string).split(' › '),
    })),
  );

  it('names only tests that exist, by their file and the titles of their describe and it', () => {
    expect(citedTests.length).toBeGreaterThan(100);
    const missing = citedTests.flatMap(({ document, file, titles }) => {
      const full = path.join(root, file);
      if (!existsSync(full)) return [`${document}: ${file}: no such file`];
      const source = readFileSync(full, 'utf8');
      return titles
        .filter((title) => !["'", '"', '`'].some((quote) => source.includes(`${quote}${title}${quote}`)))
        .map((title) => `${document}: ${file}: no test titled "${title}"`);
    });
    expect(missing).toEqual([]);
  });

  it('lists every behaviour file in its index', () => {
    const listed = relativeLinksIn(read('docs/behaviour/README.md')).map((link) => link.split('#')[0]);
    const files = behaviour.map((file) => path.basename(file)).filter((file) => file !== 'README.md');
    expect(files.filter((file) => !listed.includes(file))).toEqual([]);
  });
});

describe('how the checks read Markdown', () => {
  it("makes GitHub's anchors: punctuation and code marks dropped, repeats numbered", () => {
    expect([
      ...anchorsIn("# Advisers' calendars\n## HTTP and start-up (`npm run bench:http`)\n### Logs\n## Logs"),
    ]).toEqual(['advisers-calendars', 'http-and-start-up-npm-run-benchhttp', 'logs', 'logs-1']);
    expect([...anchorsIn('```sh\n# not a heading\n```\n## [Linked](x.md) title')]).toEqual(['linked-title']);
  });

  it('finds relative links, and leaves out addresses, code and examples', () => {
    const markdown = [
      'See [a](a.md#one), ![b](b.png "B") and [c](https://example.com/c.md).',
      'Code: `[d](d.md)`; mail: [e](mailto:e@example.com); here: [f](#f).',
      '[g]: ../g.md',
      '```md\n[h](h.md)\n```',
    ].join('\n');
    expect(relativeLinksIn(markdown)).toEqual(['a.md#one', 'b.png', '#f', '../g.md']);
  });
});
