import { renderToString } from 'react-dom/server';
import { serverPageContentToken, serverPageHeadToken, serverPageTitleToken } from '#shared/server-page.ts';
import { App } from './App.tsx';
import type { PageMeta, PageModule } from './pages/page-module.ts';

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
}

/** Renders every page to HTML; run at build time (and by the dev server per request). */
export function renderPages(): RenderedPage[] {
  return Object.entries(pageModules).map(([key, module]) => {
    const id = key.split('/')[2] as string;
    return {
      id,
      source: `src/client/pages/${id}/page.tsx`,
      meta: module.meta,
      body: renderToString(<App Page={module.default} path={module.meta.path} layout={module.meta.layout} />),
    };
  });
}

/** The layout around a token the server replaces with its own content (see server/http/server-page.ts). */
export function renderServerPageShell(): RenderedPage {
  const Content = () => (
    <section className="section">
      <div className="container prose">{serverPageContentToken}</div>
    </section>
  );
  return {
    id: 'server-page',
    source: '',
    meta: { path: null, title: serverPageTitleToken, description: '' },
    body: renderToString(<App Page={Content} path={null} />),
    head: serverPageHeadToken,
  };
}
