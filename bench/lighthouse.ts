// `npm run bench:lighthouse`: Lighthouse's mobile audit (simulated slow 4G and a 4x slower CPU) of the
// demo firm's every page (those of its sitemap, a page built in the editor with 8 sections and 6 photos
// among them, then the thank-you and sign-in pages), served by
// the built site in production mode, from Debian's Chromium. Each page is audited three times and the
// median run kept, since performance scores vary between runs. Prints the scores, writes them into
// docs/performance.md and the README between their lighthouse markers, and fails below 98 in any category.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort } from '#tests/support/ports.ts';
import { startSmtpSink } from '#tests/support/smtp-sink.ts';
import { buildEditorPage } from './support/editor-built-page.ts';
import { writeBetweenMarkers } from './support/report.ts';
import { spawnProductionServer, waitUntilReady } from './support/server.ts';

/**
 * Pages a visitor reaches that search engines are not told of: the thank-you pages and sign-in. They ask
 * not to be indexed, so Lighthouse's SEO audit, which counts exactly that against a page, is not run on
 * them. (The page not found is left out: Lighthouse refuses to audit a page answered with 404.)
 */
const unlistedPages = ['/contact-received', '/subscribed', '/login'];
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const runsPerPage = 3;
const minimumScore = 98;
const reports = ['../docs/performance.md', '../README.md'].map((file) =>
  path.resolve(import.meta.dirname, file),
);

if (spawnSync(process.execPath, ['scripts/build.ts'], { stdio: 'inherit' }).status !== 0) process.exit(1);

const dataDir = mkdtempSync(path.join(tmpdir(), 'practice-site-lighthouse-'));
const port = await freePort();
const databaseUrl = `sqlite:${path.join(dataDir, 'site.db')}`;
const mail = await startSmtpSink();
const server = spawnProductionServer(port, databaseUrl, { LOG_LEVEL: 'warn', SMTP_URL: mail.url });
await waitUntilReady(port, server);
await buildEditorPage(`http://127.0.0.1:${port}`, databaseUrl);
// Every page the site lists for search engines (the firm's articles too), then the unlisted ones.
const sitemap = await (await fetch(`http://127.0.0.1:${port}/sitemap.xml`)).text();
const allPages = [
  ...[...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] as string).pathname),
  ...unlistedPages,
];
// `npm run bench:lighthouse -- /contact /login` audits only those pages, and leaves the report as it is.
const chosen = process.argv.slice(2);
const pages = chosen.length > 0 ? allPages.filter((page) => chosen.includes(page)) : allPages;
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});

type Category = (typeof categories)[number];
type Scores = Partial<Record<Category, number>>;
const results: { path: string; scores: Scores; metrics: string }[] = [];
try {
  for (const pagePath of pages) {
    const audited = categories.filter((category) => category !== 'seo' || !unlistedPages.includes(pagePath));
    const runs = [];
    for (let run = 0; run < runsPerPage; run++) {
      const result = await lighthouse(`http://127.0.0.1:${port}${pagePath}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: audited,
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${pagePath}`);
      runs.push(result.lhr);
    }
    runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
    const median = runs[Math.floor(runs.length / 2)];
    if (!median) throw new Error('No Lighthouse run');
    const scores = Object.fromEntries(
      audited.map((category) => [category, Math.round((median.categories[category]?.score ?? 0) * 100)]),
    ) as Scores;
    const metric = (id: string) => median.audits[id]?.displayValue ?? '?';
    results.push({
      path: pagePath,
      scores,
      metrics: `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}`,
    });
    console.log(`${pagePath}: ${JSON.stringify(scores)}`);
    // Pages audited by name: what their largest paint was, and where its time went.
    if (chosen.length > 0)
      console.log(
        JSON.stringify(
          ['lcp-breakdown-insight', 'lcp-discovery-insight'].map((id) => median.audits[id]?.details),
        ),
      );
  }
} finally {
  chrome.kill();
  server.kill('SIGTERM');
  await mail.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const table = [
  `Lighthouse ${lighthouseVersion()}, mobile, Debian Chromium, median of ${runsPerPage} runs (${new Date().toISOString().slice(0, 10)}):`,
  '',
  '| page | performance | accessibility | best practices | SEO | metrics |',
  '| --- | --- | --- | --- | --- | --- |',
  ...results.map(
    ({ path: urlPath, scores, metrics }) =>
      `| \`${urlPath}\` | ${categories.map((category) => scores[category] ?? '—').join(' | ')} | ${metrics} |`,
  ),
].join('\n');
console.log(`\n${table}\n`);

if (chosen.length === 0) for (const report of reports) writeBetweenMarkers(report, 'lighthouse', table);

const low = results.flatMap(({ path: urlPath, scores }) =>
  Object.entries(scores)
    .filter(([, score]) => score < minimumScore)
    .map(([category, score]) => `${urlPath} ${category} ${score}`),
);
if (low.length > 0) {
  console.error(`Below ${minimumScore}: ${low.join('; ')}`);
  process.exit(1);
}

function lighthouseVersion(): string {
  const manifest = path.resolve(import.meta.dirname, '../node_modules/lighthouse/package.json');
  return JSON.parse(readFileSync(manifest, 'utf8')).version;
}
