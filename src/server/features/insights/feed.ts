import { articlePath, insightsPath } from '#shared/articles.ts';
import { escapeHtml } from '#shared/html.ts';
import { renderMarkdown } from '#shared/markdown.ts';
import type { SiteFirm } from '#shared/site-firm.ts';
import type { PublishedArticle } from './article-pages.ts';

const text = (value: string) => escapeHtml(value);

/**
 * The published articles as an Atom 1.0 feed (RFC 4287), newest first: absolute addresses, every value
 * escaped, the body as escaped HTML made by the same renderer as the page. `updated` is the newest
 * change, or `now` when nothing is published.
 */
export function atomFeed(firm: SiteFirm, origin: string, articles: PublishedArticle[], now: Date): string {
  const updated = articles.reduce((latest, { updatedAt }) => (updatedAt > latest ? updatedAt : latest), '');
  const entries = articles.map((article) => {
    const url = `${origin}${articlePath(article.slug)}`;
    return [
      '  <entry>',
      `    <title>${text(article.title)}</title>`,
      `    <id>${text(url)}</id>`,
      `    <link rel="alternate" type="text/html" href="${text(url)}"/>`,
      `    <published>${article.publishedAt}</published>`,
      `    <updated>${article.updatedAt}</updated>`,
      `    <author><name>${text(article.authorName)}</name></author>`,
      ...article.tags.map((tag) => `    <category term="${text(tag)}"/>`),
      `    <summary type="text">${text(article.summary)}</summary>`,
      `    <content type="html">${text(renderMarkdown(article.body, origin, { absolute: true }))}</content>`,
      '  </entry>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en-GB">',
    `  <title>${text(`${firm.name}: Insights`)}</title>`,
    `  <subtitle>${text(firm.tagline)}</subtitle>`,
    `  <id>${text(`${origin}${insightsPath}`)}</id>`,
    `  <link rel="self" type="application/atom+xml" href="${text(`${origin}${insightsPath}/feed.xml`)}"/>`,
    `  <link rel="alternate" type="text/html" href="${text(`${origin}${insightsPath}`)}"/>`,
    `  <updated>${updated || now.toISOString()}</updated>`,
    `  <author><name>${text(firm.name)}</name></author>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
