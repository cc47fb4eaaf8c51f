import { renderToString } from 'react-dom/server';
import { firmWordsIn } from '#shared/firm-words.ts';
import { escapeHtml } from '#shared/html.ts';
import type { RichText } from '#shared/rich-text.ts';
import { hasForm, type PageDocument, publicDocument } from '#shared/sections.ts';
import { serverPageContentToken, serverPageHeadToken, serverPageTitleToken } from '#shared/server-page.ts';
import type { SiteFirm } from '#shared/site-firm.ts';
import type { TypefaceId } from '#shared/typefaces.ts';
import { App } from './App.tsx';
import { type PageAssets, renderDocument } from './document.ts';
import type { PageMeta, PageModule } from './pages/page-module.ts';
import { heroPictureSizes, needsBotCheck, PageSections } from './sections/PageSections.tsx';
import { RichTextView } from './sections/RichTextView.tsx';
import { pictureSrcSet } from './sections/SectionPicture.tsx';

// The server's page renderer. The build bundles this file (dist/ssr/prerender.js) and the server runs
// it at start and whenever the firm changes; the dev server loads it per request. Every page is written
// whole; the browser brings only its islands to life (src/client/main.ts).

const pageModules = import.meta.glob<PageModule>('./pages/*/page.tsx', { eager: true });

export interface RenderedPage {
  /** The folder name under pages/ ('sections' for a page of the firm's own). */
  id: string;
  meta: PageMeta;
  body: string;
  /** Put in <head> as it is: the shell's token for the head of a page the server writes. */
  head?: string;
}

/** Every page of the site, as the build lists them: no rendering. */
export function pageCatalogue(): Pick<RenderedPage, 'id' | 'meta'>[] {
  return Object.entries(pageModules).map(([key, module]) => ({
    id: key.split('/')[2] as string,
    meta: module.meta,
  }));
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
  // What visitors may have: the page is HTML, and its islands carry only their own few props. The firm's
  // words take the place of the tokens a page may hold ({firm}, {town}…).
  const shown = firmWordsIn(publicDocument(document), firm);
  const Content = () => <PageSections document={shown} />;
  const page: RenderedPage = {
    id: 'sections',
    head: openingPicturePreload(shown),
    meta: {
      path,
      // Filled in once, by the document, as every page's title is.
      title: document.title,
      description: document.description,
      botCheck: needsBotCheck(document),
    },
    body: renderToString(
      <App Page={Content} path={path} firm={firm} ownSignUp={hasForm(document, 'newsletter')} />,
    ),
  };
  return renderDocument(page, assetsOf(assets, firm), firm);
}

/**
 * The page's opening picture, asked for from its <head>: the largest thing a visitor sees, fetched with
 * the stylesheet rather than once the body reaches it. (AVIF only: a browser that cannot read it fetches
 * the WebP from the body, as it would have.)
 */
function openingPicturePreload(document: PageDocument): string | undefined {
  const first = document.sections[0];
  if (first?.type !== 'hero' || !first.picture) return undefined;
  return `<link rel="preload" as="image" type="image/avif" imagesrcset="${escapeHtml(pictureSrcSet(first.picture, 'avif'))}" imagesizes="${escapeHtml(heroPictureSizes)}" fetchpriority="high">`;
}

/**
 * Rich text as the pages draw it (RichTextView, which escapes every character), for a page the server
 * writes itself: a proposal's covering message and the terms of business.
 */
export function renderRichText(text: RichText, headingsFrom: 2 | 3 = 2): string {
  return renderToString(<RichTextView text={text} headingsFrom={headingsFrom} />);
}

/** What the build found the pages need (dist/page-assets.json). */
export interface SiteAssets {
  /** The browser entry of every page, with the site's stylesheet and the modules the entry imports. */
  entry: { script: string; styles: string[]; preloads: string[] };
  /** Where the site serves each typeface a firm may choose (src/shared/typefaces.ts). */
  typefaces: Record<TypefaceId, string>;
}

/** What a page's document links: the entry, the site's stylesheet and the firm's typeface. */
function assetsOf(assets: SiteAssets, firm: SiteFirm): PageAssets {
  return { ...assets.entry, fonts: [assets.typefaces[firm.typeface]] };
}

export interface RenderedSite {
  /** Each page's whole document, by its path (null: the not-found page). */
  pages: { path: string | null; html: string }[];
  /** The document of a page the server writes, with the tokens it fills in. */
  shell: string;
}

/** The whole site for `firm`: every page's document and the shell of the server's own pages. */
export function renderSite(firm: SiteFirm, assets: SiteAssets): RenderedSite {
  const document = (page: RenderedPage) => renderDocument(page, assetsOf(assets, firm), firm);
  return {
    pages: renderPages(firm).map((page) => ({ path: page.meta.path, html: document(page) })),
    shell: document(renderServerPageShell(firm)),
  };
}
