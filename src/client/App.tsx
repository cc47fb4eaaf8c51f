import { type ComponentType, StrictMode, useEffect } from 'react';
import type { SiteFirm } from '#shared/site-firm.ts';
import { Layout } from './features/site/Layout.tsx';
import { FirmProvider } from './lib/firm.tsx';

/** The same tree is prerendered at build time and hydrated in the browser. */
/** `path` is the page's own path (null for pages without one), so the navigation can mark where you are. */
/** A `staff` page (the back office) renders its own layout, in its own chunk, instead of the public one. */
export function App({
  Page,
  path,
  layout = 'public',
  firm,
}: {
  Page: ComponentType;
  firm: SiteFirm;
  path: string | null;
  layout?: 'public' | 'staff' | undefined;
}) {
  return (
    <StrictMode>
      <FirmProvider firm={firm}>
        {layout === 'staff' ? (
          <Page />
        ) : (
          <Layout path={path}>
            <Page />
          </Layout>
        )}
      </FirmProvider>
      <MarkHydrated />
    </StrictMode>
  );
}

/**
 * Marks <html data-hydrated> once the page's effects have run (React runs them in tree order in one
 * task, and this one comes last), so browser tests can wait for a live page rather than guess.
 */
function MarkHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return null;
}
