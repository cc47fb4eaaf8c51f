// `npm run bench:lighthouse`: Lighthouse's mobile audit (simulated slow 4G and a 4x slower CPU) of the
// home, contact and VAT pages, served by the built site in production mode from Debian's Chromium. Each
// page is audited three times and the median run kept, since performance scores vary between runs.
// Prints the scores, writes them into docs/performance.md between its lighthouse markers, and fails below 95.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort } from '#tests/support/ports.ts';
import { writeBetweenMarkers } from './support/report.ts';
import { spawnProductionServer, waitUntilReady } from './support/server.ts';

const pages = [
  { name: 'Home', path: '/' },
  { name: 'Contact', path: '/contact' },
  { name: 'VAT de minimis', path: '/vat-de-minimis' },
];
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const runsPerPage = 3;
const minimumScore = 95;
const report = path.resolve(import.meta.dirname, '../docs/performance.md');

if (spawnSync(process.execPath, ['scripts/build.ts'], { stdio: 'inherit' }).status !== 0) process.exit(1);

const dataDir = mkdtempSync(path.join(tmpdir(), 'practice-site-lighthouse-'));
const port = await freePort();
const server = spawnProductionServer(port, `sqlite:${path.join(dataDir, 'site.db')}`, { LOG_LEVEL: 'warn' });
await waitUntilReady(port, server);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});

type Scores = Record<(typeof categories)[number], number>;
const results: { name: string; path: string; scores: Scores; metrics: string }[] = [];
try {
  for (const page of pages) {
    const runs = [];
    for (let run = 0; run < runsPerPage; run++) {
      const result = await lighthouse(`http://127.0.0.1:${port}${page.path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...categories],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
      runs.push(result.lhr);
    }
    runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
    const median = runs[Math.floor(runs.length / 2)];
    if (!median) throw new Error('No Lighthouse run');
    const scores = Object.fromEntries(
      categories.map((category) => [category, Math.round((median.categories[category]?.score ?? 0) * 100)]),
    ) as Scores;
    const metric = (id: string) => median.audits[id]?.displayValue ?? '?';
    results.push({
      ...page,
      scores,
      metrics: `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}`,
    });
    console.log(`${page.path}: ${JSON.stringify(scores)}`);
  }
} finally {
  chrome.kill();
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}

const table = [
  `Lighthouse ${lighthouseVersion()}, mobile, Debian Chromium, median of ${runsPerPage} runs (${new Date().toISOString().slice(0, 10)}):`,
  '',
  '| page | performance | accessibility | best practices | SEO | metrics |',
  '| --- | --- | --- | --- | --- | --- |',
  ...results.map(
    ({ name, path: urlPath, scores, metrics }) =>
      `| ${name} (\`${urlPath}\`) | ${scores.performance} | ${scores.accessibility} | ${scores['best-practices']} | ${scores.seo} | ${metrics} |`,
  ),
].join('\n');
console.log(`\n${table}\n`);

writeBetweenMarkers(report, 'lighthouse', table);

const low = results.flatMap(({ path: urlPath, scores }) =>
  categories
    .filter((category) => scores[category] < minimumScore)
    .map((category) => `${urlPath} ${category} ${scores[category]}`),
);
if (low.length > 0) {
  console.error(`Below ${minimumScore}: ${low.join('; ')}`);
  process.exit(1);
}

function lighthouseVersion(): string {
  const manifest = path.resolve(import.meta.dirname, '../node_modules/lighthouse/package.json');
  return JSON.parse(readFileSync(manifest, 'utf8')).version;
}
