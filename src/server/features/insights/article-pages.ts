import { html, SafeHtml } from '#server/http/server-page.ts';
import {
  articlePath,
  coverImagePath,
  coverWidths,
  insightsPath,
  insightsTagPath,
  tagLabel,
} from '#shared/articles.ts';
import { jsonForScript } from '#shared/html.ts';
import { renderMarkdown } from '#shared/markdown.ts';
import { firmTimeZone, type SiteFirm } from '#shared/site-firm.ts';

// The HTML of the public Insights pages: what goes in the site's shell (server-page.ts) for the list, a
// tag's list and an article, and what each adds to the shell's <head>. Every value is escaped by `html`;
// the article's body is the shared Markdown renderer's, which keeps raw HTML as text.

export interface PublishedArticle {
  id: number;
  slug: string;
  title: string;
  summary: string;
  body: string;
  tags: string[];
  authorName: string;
  publishedAt: string;
  updatedAt: string;
  cover: { key: string; alt: string; width: number; height: number } | null;
}

export interface RenderedPage {
  title: string;
  head: SafeHtml;
  content: SafeHtml;
}

const longDate = new Intl.DateTimeFormat('en-GB', {
  timeZone: firmTimeZone,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const dateOf = (iso: string) => html`<time datetime="${iso}">${longDate.format(new Date(iso))}</time>`;

/** The widths a cover was made at: those of coverWidths up to its largest (or that alone, if narrower). */
const widthsOf = (cover: NonNullable<PublishedArticle['cover']>) => {
  const widths = coverWidths.filter((width) => width <= cover.width);
  return widths.length ? widths : [cover.width];
};

/**
 * The cover as AVIF, else WebP, at the width the screen needs; its width and height reserve its space
 * before it loads. `sizes` follows the text column (--measure) on a wide screen, the screen's width on a
 * narrow one.
 */
function picture(cover: NonNullable<PublishedArticle['cover']>, sizes: string, eager: boolean) {
  const widths = widthsOf(cover);
  const srcset = (format: string) =>
    widths.map((width) => `${coverImagePath(`${cover.key}-${width}.${format}`)} ${width}w`).join(', ');
  const fallback = coverImagePath(`${cover.key}-${widths.at(-1)}.webp`);
  return html`<picture class="article-cover">
<source type="image/avif" srcset="${srcset('avif')}" sizes="${sizes}">
<source type="image/webp" srcset="${srcset('webp')}" sizes="${sizes}">
<img src="${fallback}" width="${cover.width}" height="${cover.height}" alt="${cover.alt}"${new SafeHtml(
    eager ? ' fetchpriority="high"' : ' loading="lazy" decoding="async"',
  )}>
</picture>`;
}

const tagList = (tags: string[]) =>
  tags.length === 0
    ? html``
    : html`<ul class="article-tags" aria-label="Tags">${tags.map(
        (tag) => html`<li><a href="${insightsTagPath(tag)}">${tagLabel(tag)}</a></li>`,
      )}</ul>`;

function card(article: PublishedArticle) {
  return html`<li class="article-card">
${article.cover ? picture(article.cover, '(min-width: 48rem) 16rem, 100vw', false) : html``}
<div>
<h2><a href="${articlePath(article.slug)}">${article.title}</a></h2>
<p class="article-meta">${dateOf(article.publishedAt)}</p>
<p>${article.summary}</p>
${tagList(article.tags)}
</div>
</li>`;
}

/** Description, canonical address and the sharing tags, as the prerendered pages carry them. */
function headFor(
  firm: SiteFirm,
  origin: string,
  path: string,
  title: string,
  description: string,
  extra = html``,
) {
  const url = `${origin}${path}`;
  return html`<meta name="description" content="${description}">
<link rel="canonical" href="${url}">
<meta property="og:site_name" content="${firm.name}">
<meta property="og:locale" content="en_GB">
<meta property="og:title" content="${title}">
<meta property="og:description" content="${description}">
<meta property="og:url" content="${url}">
${extra}
<link rel="alternate" type="application/atom+xml" title="${`${firm.name}: Insights`}" href="${origin}${insightsPath}/feed.xml">`;
}

const shareImage = (firm: SiteFirm, origin: string) =>
  html`<meta property="og:image" content="${origin}${firm.shareImage}">
<meta property="og:image:width" content="1200">
<meta property="og:image:height" content="630">
<meta name="twitter:card" content="summary_large_image">`;

function listContent(heading: string, intro: string, articles: PublishedArticle[], extra = html``) {
  return html`<div class="insights">
<h1>${heading}</h1>
<p class="article-lead">${intro}</p>
${extra}
${
  articles.length === 0
    ? html`<p>No articles are published here yet.</p>`
    : html`<ul class="article-list">${articles.map(card)}</ul>`
}
<p><a href="${insightsPath}/newsletter">Past issues of the newsletter</a> · <a href="${insightsPath}/feed.xml">Atom feed</a></p>
</div>`;
}

export function insightsListPage(firm: SiteFirm, origin: string, articles: PublishedArticle[]): RenderedPage {
  const description = `Tax and business news from ${firm.name}, newest first.`;
  return {
    title: 'Insights',
    head: headFor(
      firm,
      origin,
      insightsPath,
      `Insights | ${firm.name}`,
      description,
      html`<meta property="og:type" content="website">
${shareImage(firm, origin)}`,
    ),
    content: listContent('Insights', description, articles),
  };
}

export function tagPage(
  firm: SiteFirm,
  origin: string,
  tag: string,
  articles: PublishedArticle[],
): RenderedPage {
  const title = `Insights on ${tagLabel(tag)}`;
  const description = `Articles from ${firm.name} on ${tagLabel(tag)}, newest first.`;
  return {
    title,
    head: headFor(
      firm,
      origin,
      insightsTagPath(tag),
      `${title} | ${firm.name}`,
      description,
      html`<meta property="og:type" content="website">
${shareImage(firm, origin)}`,
    ),
    content: listContent(
      title,
      description,
      articles,
      html`<p><a href="${insightsPath}">All insights</a></p>`,
    ),
  };
}

export function articlePage(firm: SiteFirm, origin: string, article: PublishedArticle): RenderedPage {
  const path = articlePath(article.slug);
  const { cover } = article;
  const largest = cover && `${origin}${coverImagePath(`${cover.key}-${widthsOf(cover).at(-1)}.webp`)}`;
  const structuredData = {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: article.title,
    description: article.summary,
    datePublished: article.publishedAt,
    dateModified: article.updatedAt,
    mainEntityOfPage: `${origin}${path}`,
    url: `${origin}${path}`,
    ...(article.tags.length && { keywords: article.tags.map(tagLabel).join(', ') }),
    ...(largest && { image: largest }),
    author: { '@type': 'Person', name: article.authorName },
    publisher: {
      '@type': 'Organization',
      name: firm.name,
      ...(firm.logo && { logo: `${origin}${firm.logo}` }),
    },
  };
  const sharing = html`<meta property="og:type" content="article">
<meta property="article:published_time" content="${article.publishedAt}">
<meta property="article:modified_time" content="${article.updatedAt}">
${article.tags.map(
  (tag) => html`<meta property="article:tag" content="${tagLabel(tag)}">
`,
)}${
  cover && largest
    ? html`<meta property="og:image" content="${largest}">
<meta property="og:image:width" content="${cover.width}">
<meta property="og:image:height" content="${cover.height}">
<meta property="og:image:alt" content="${cover.alt}">
<meta name="twitter:card" content="summary_large_image">`
    : shareImage(firm, origin)
}
<script type="application/ld+json">${new SafeHtml(jsonForScript(structuredData))}</script>`;
  return {
    title: article.title,
    head: headFor(firm, origin, path, `${article.title} | ${firm.name}`, article.summary, sharing),
    content: html`<article class="article">
<p class="article-meta"><a href="${insightsPath}">Insights</a></p>
<h1>${article.title}</h1>
<p class="article-lead">${article.summary}</p>
<p class="article-meta">By ${article.authorName} · ${dateOf(article.publishedAt)}</p>
${tagList(article.tags)}
${cover ? picture(cover, '(min-width: 48rem) 42rem, 100vw', true) : html``}
<div class="article-body">${new SafeHtml(renderMarkdown(article.body, origin))}</div>
</article>`,
  };
}
