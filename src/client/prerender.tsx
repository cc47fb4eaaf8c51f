import { renderToString } from 'react-dom/server';
import { type PageDocument, publicDocument } from '#shared/sections.ts';
import { serverPageContentToken, serverPageHeadToken, serverPageTitleToken } from '#shared/server-page.ts';
import type { SiteFirm } from '#shared/site-firm.ts';
import type { TypefaceId } from '#shared/typefaces.ts';
import { App } from './App.tsx';
import { type PageAssets, renderDocument } from './document.ts';
import type { PageMeta, PageModule } from './pages/page-module.ts';
import { needsBotCheck } from './sections/PageSections.tsx';
import SectionsPage from './sections/SectionsPage.tsx';
import { pageDocumentId, sectionsPageId, sectionsPageSource } from './sections/sections-page.ts';

// The server's page renderer. The build bundles this file (dist/ssr/prerender.js) and the server runs
// it at start and whenever the firm changes; the dev server loads it per request.

const pageModules = import.meta.glob<PageModule>('./pages/*/page.tsx', { eager: true });

export interface RenderedPage {
  /** The folder name under pages/, which the browser entry uses to load the same page. */
  id: string;
  /** Source path of the page module, as Vite's manifest names it. */
  source: string;
  meta: PageMeta;
  body: string;
  /** Put in <head> as it is: the shell's token for the head of a page the server writes. */
  head?: string;
  /** Data the browser hydrates the page with besides the firm, written into it as JSON under this id. */
  data?: { id: string; value: unknown };
}

/** Every page of the site, as the build lists them: no rendering. */
export function pageCatalogue(): Omit<RenderedPage, 'body'>[] {
  return Object.entries(pageModules).map(([key, module]) => {
    const id = key.split('/')[2] as string;
    return { id, source: `src/client/pages/${id}/page.tsx`, meta: module.meta };
  });
}

/** Renders every page's body for `firm`. */
export function renderPages(firm: SiteFirm): RenderedPage[] {
  return pageCatalogue().map((page) => {
    const { default: Page, meta } = pageModules[`./pages/${page.id}/page.tsx`] as PageModule;
    return {
      ...page,
      body: renderToString(<App Page={Page} path={meta.path} layout={meta.layout} firm={firm} />),
    };
  });
}

/** The layout around a token the server replaces with its own content (see server/http/server-page.ts). */
export function renderServerPageShell(firm: SiteFirm): RenderedPage {
  const Content = () => (
    <section className="section">
      <div className="container prose">{serverPageContentToken}</div>
    </section>
  );
  return {
    id: 'server-page',
    source: '',
    meta: { path: null, title: serverPageTitleToken, description: '' },
    body: renderToString(<App Page={Content} path={null} firm={firm} />),
    head: serverPageHeadToken,
  };
}

/** A page of the firm's own at `path`, drawn from its sections, as a whole document. */
export function renderSectionsPage(
  firm: SiteFirm,
  assets: SiteAssets,
  { path, document }: { path: string; document: PageDocument },
): string {
  const pageAssets = assets.pages[sectionsPageId];
  if (!pageAssets) throw new Error('The build listed no assets for pages of sections');
  // What visitors may have, in the HTML and in the data the page carries for the browser.
  const shown = publicDocument(document);
  const Content = () => <SectionsPage document={shown} />;
  const page: RenderedPage = {
    id: sectionsPageId,
    source: sectionsPageSource,
    meta: {
      path,
      title: document.title,
      description: document.description,
      botCheck: needsBotCheck(document),
    },
    body: renderToString(<App Page={Content} path={path} firm={firm} />),
    data: { id: pageDocumentId, value: shown },
  };
  return renderDocument(page, { ...pageAssets, fonts: [assets.typefaces[firm.typeface]] }, firm);
}

/** What the build found each page needs (dist/page-assets.json). */
export interface SiteAssets {
  pages: Record<string, PageAssets>;
  /** The stylesheet of the pages the server writes, which are not hydrated. */
  shell: PageAssets;
  /** Where the site serves each typeface a firm may choose (src/shared/typefaces.ts). */
  typefaces: Record<TypefaceId, string>;
}

export interface RenderedSite {
  /** Each page's whole document, by its path (null: the not-found page). */
  pages: { path: string | null; html: string }[];
  /** The document of a page the server writes, with the tokens it fills in. */
  shell: string;
}

/** The whole site for `firm`: every page's document and the shell of the server's own pages. */
export function renderSite(firm: SiteFirm, assets: SiteAssets): RenderedSite {
  // Every page preloads the one typeface the firm chose.
  const fonts = [assets.typefaces[firm.typeface]];
  return {
    pages: renderPages(firm).map((page) => {
      const pageAssets = assets.pages[page.id];
      if (!pageAssets) throw new Error(`The build listed no assets for the page ${page.id}`);
      return { path: page.meta.path, html: renderDocument(page, { ...pageAssets, fonts }, firm) };
    }),
    shell: renderDocument(renderServerPageShell(firm), { ...assets.shell, fonts }, firm),
  };
}
