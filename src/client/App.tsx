import { type ComponentType, StrictMode } from 'react';
import { Layout } from './features/site/Layout.tsx';

/** The same tree is prerendered at build time and hydrated in the browser. */
/** `path` is the page's own path (null for pages without one), so the navigation can mark where you are. */
export function App({ Page, path }: { Page: ComponentType; path: string | null }) {
  return (
    <StrictMode>
      <Layout path={path}>
        <Page />
      </Layout>
    </StrictMode>
  );
}
