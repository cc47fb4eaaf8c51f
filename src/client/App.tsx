import { type ComponentType, StrictMode } from 'react';
import type { SiteFirm } from '#shared/site-firm.ts';
import { Layout } from './features/site/Layout.tsx';
import { FirmProvider } from './lib/firm.tsx';

/** The tree of a page as the server writes it; only its islands hydrate in the browser (main.ts). */
/** `path` is the page's own path (null for pages without one), so the navigation can mark where you are. */
/** A `staff` page (the back office) renders its own layout, in its own chunk, instead of the public one. */
export function App({
  Page,
  path,
  layout = 'public',
  firm,
  ownSignUp,
}: {
  Page: ComponentType;
  firm: SiteFirm;
  path: string | null;
  layout?: 'public' | 'staff' | undefined;
  ownSignUp?: boolean;
}) {
  return (
    <StrictMode>
      <FirmProvider firm={firm}>
        {layout === 'staff' ? (
          <Page />
        ) : (
          <Layout path={path} ownSignUp={ownSignUp}>
            <Page />
          </Layout>
        )}
      </FirmProvider>
    </StrictMode>
  );
}
