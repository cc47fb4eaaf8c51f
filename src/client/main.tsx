import { hydrateRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { firmOfThisPage } from './lib/firm.tsx';
import type { PageModule } from './pages/page-module.ts';
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
}
