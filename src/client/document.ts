import { firm } from '../../content/firm.ts';
import { botCheckMetaName, botCheckSettingsToken } from '../shared/bot-check.ts';
import { escapeHtml } from '../shared/html.ts';
import { publicOriginToken } from '../shared/public-origin.ts';
import type { RenderedPage } from './prerender.tsx';

export interface PageAssets {
  /** The entry script; none for pages the server fills in, which are not hydrated. */
  script?: string;
  styles: string[];
  preloads: string[];
}

/** The whole HTML document of a prerendered page. No inline script or style (the CSP forbids them). */
export function renderDocument(page: RenderedPage, assets: PageAssets): string {
  const { meta } = page;
  const title = meta.path === '/' ? `${firm.name} | ${meta.title}` : `${meta.title} | ${firm.name}`;
  const canonical =
    meta.path === null ? '' : `<link rel="canonical" href="${publicOriginToken}${meta.path}">`;
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    meta.description && `<meta name="description" content="${escapeHtml(meta.description)}">`,
    canonical,
    meta.botCheck && `<meta name="${botCheckMetaName}" content="${botCheckSettingsToken}">`,
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    ...assets.styles.map((href) => `<link rel="stylesheet" href="${href}">`),
    ...assets.preloads.map((href) => `<link rel="modulepreload" href="${href}">`),
    assets.script && `<script type="module" src="${assets.script}"></script>`,
  ].filter(Boolean);
  return `<!doctype html>
<html lang="en-GB">
<head>
${head.join('\n')}
</head>
<body>
<div id="root" data-page="${escapeHtml(page.id)}">${page.body}</div>
</body>
</html>
`;
}
