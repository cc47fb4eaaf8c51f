import { favicon, touchIcon } from '#shared/api/site.ts';
import { botCheckMetaName, botCheckSettingsToken } from '#shared/bot-check.ts';
import { cookieBannerGateScript } from '#shared/cookie-banner-gate.ts';
import { firmWords } from '#shared/firm-words.ts';
import { escapeHtml } from '#shared/html.ts';
import { stylesheetHref } from '#shared/look.ts';
import { pageDescription, pageTitle } from '#shared/page-title.ts';
import { publicOriginToken } from '#shared/public-origin.ts';
import { firmDataId, pageFirmOf, type SiteFirm } from '#shared/site-firm.ts';
import type { RenderedPage } from './prerender.tsx';
import { firmStructuredData, jsonForScript } from './structured-data.ts';

export interface PageAssets {
  /** The browser entry (src/client/main.ts). */
  script: string;
  styles: string[];
  preloads: string[];
  /** The firm's typeface's file, fetched at once rather than after the stylesheet is read. */
  fonts?: string[];
}

/**
 * The whole HTML document of a page. No inline style, and one inline script: the cookie banner's gate,
 * which the CSP allows by its hash. The JSON-LD block and the firm the islands read are data, which no
 * browser runs.
 */
export function renderDocument(page: RenderedPage, assets: PageAssets, firm: SiteFirm): string {
  // A page's title and description are written for any firm: the firm's words fill their tokens.
  const meta = {
    ...page.meta,
    title: firmWords(page.meta.title, firm),
    description: pageDescription(firmWords(page.meta.description, firm)),
  };
  const title = pageTitle(meta.title, firm.name, { nameFirst: meta.path === '/' });
  const url = meta.path === null ? null : `${publicOriginToken}${meta.path}`;
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    // First in <head>: it must run before the body is painted, and it fetches nothing.
    `<script>${cookieBannerGateScript}</script>`,
    `<title>${escapeHtml(title)}</title>`,
    meta.description && `<meta name="description" content="${escapeHtml(meta.description)}">`,
    meta.noindex && '<meta name="robots" content="noindex">',
    url && `<link rel="canonical" href="${url}">`,
    page.head,
    ...(url && !meta.noindex ? sharingTags(firm, title, meta.description, url) : []),
    meta.botCheck && `<meta name="${botCheckMetaName}" content="${botCheckSettingsToken}">`,
    // The .ico for browsers and tools that ask for /favicon.ico by name, the PNG for a phone's home
    // screen: the server makes both from the firm's logo (features/firm/site-pictures.ts).
    `<link rel="icon" href="${favicon.path}" sizes="16x16 32x32 48x48">`,
    `<link rel="apple-touch-icon" href="${touchIcon.path}">`,
    ...(assets.fonts ?? []).map(
      (href) => `<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin>`,
    ),
    // One stylesheet, one request before the first paint: the build's, with the firm's colours and
    // typeface after it (the server joins them: http/theme.ts). Without a build's (Vite's dev server
    // brings its own), the firm's alone.
    `<link rel="stylesheet" href="${escapeHtml(stylesheetHref(firm, assets.styles))}">`,
    ...assets.preloads.map((href) => `<link rel="modulepreload" href="${href}">`),
    `<script type="module" src="${assets.script}"></script>`,
    url &&
      !meta.noindex &&
      `<script type="application/ld+json">${jsonForScript(firmStructuredData(firm))}</script>`,
  ].filter(Boolean);
  return `<!doctype html>
<html lang="en-GB">
<head>
${head.join('\n')}
</head>
<body>
<div id="root" data-page="${escapeHtml(page.id)}">${page.body}</div>
<script type="application/json" id="${firmDataId}">${jsonForScript(pageFirmOf(firm))}</script>
</body>
</html>
`;
}

/** Open Graph and Twitter card tags: what a link shows when it is shared. */
function sharingTags(firm: SiteFirm, title: string, description: string, url: string): string[] {
  const property = (name: string, content: string) =>
    `<meta property="${name}" content="${escapeHtml(content)}">`;
  return [
    property('og:type', 'website'),
    property('og:site_name', firm.name),
    property('og:locale', 'en_GB'),
    property('og:title', title),
    property('og:description', description),
    `<meta property="og:url" content="${url}">`,
    `<meta property="og:image" content="${publicOriginToken}${firm.shareImage}">`,
    property('og:image:width', '1200'),
    property('og:image:height', '630'),
    property('og:image:alt', `${firm.name}: ${firm.tagline}`),
    '<meta name="twitter:card" content="summary_large_image">',
  ];
}
