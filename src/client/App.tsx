import { type ComponentType, StrictMode } from 'react';
import { Layout } from './features/site/Layout.tsx';

/** The same tree is prerendered at build time and hydrated in the browser. */
export function App({ Page }: { Page: ComponentType }) {
  return (
    <StrictMode>
      <Layout>
        <Page />
      </Layout>
    </StrictMode>
  );
}
