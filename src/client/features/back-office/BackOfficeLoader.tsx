import { lazy, Suspense, useEffect, useState } from 'react';
import { FirmProvider } from '#client/lib/firm.tsx';
import type { SiteFirm } from '#shared/site-firm.ts';

// Its own chunk: the public pages never download the back office.
const BackOfficeApp = lazy(() => import('./BackOfficeApp.tsx'));

/**
 * Written by the server as an empty shell; the screens and the staff layout around them load in the
 * browser, for signed-in staff only.
 */
export function BackOfficeLoader({ firm }: { firm: SiteFirm }) {
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  const loading = (
    <main id="main" tabIndex={-1} className="container section">
      <h1 className="visually-hidden">Back office</h1>
      <p>Loading the back office…</p>
    </main>
  );
  return inBrowser ? (
    <FirmProvider firm={firm}>
      <Suspense fallback={loading}>
        <BackOfficeApp />
      </Suspense>
    </FirmProvider>
  ) : (
    loading
  );
}
