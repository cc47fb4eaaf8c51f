import { hydrateRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { firmOfThisPage } from './lib/firm.tsx';
import type { PageModule } from './pages/page-module.ts';
import { sectionsPageId } from './sections/sections-page.ts';
import '#content/theme.css';
import './styles/base.css';
import './styles/forms.css';
import './styles/insights.css';

// Each page is its own chunk; the prerendered HTML names the page and preloads its chunk.
const pageModules = import.meta.glob<PageModule>('./pages/*/page.tsx');

const root = document.getElementById('root');
const load = pageModules[`./pages/${root?.dataset.page}/page.tsx`];
if (root && load) {
  const { default: Page, meta } = await load();
  hydrateRoot(root, <App Page={Page} path={meta.path} layout={meta.layout} firm={firmOfThisPage()} />);
} else if (root?.dataset.page === sectionsPageId) {
  // A page of the firm's own (docs/decisions/023-pages-are-sections.md), with the document it carries.
  const { default: SectionsPage, documentOfThisPage } = await import('./sections/SectionsPage.tsx');
  const pageDocument = documentOfThisPage();
  const Page = () => <SectionsPage document={pageDocument} />;
  hydrateRoot(root, <App Page={Page} path={window.location.pathname} firm={firmOfThisPage()} />);
}
