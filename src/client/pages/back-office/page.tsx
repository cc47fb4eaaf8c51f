import { lazy, Suspense, useEffect, useState } from 'react';
import { accountPaths } from '#shared/accounts.ts';
import type { PageMeta } from '../page-module.ts';

export const meta: PageMeta = {
  path: accountPaths.backOffice,
  title: 'Back office',
  description: 'The firm’s lead inbox.',
  noindex: true,
};

// Its own chunk: the public pages never download the back office.
const BackOfficeApp = lazy(() => import('#client/features/back-office/BackOfficeApp.tsx'));

/** Prerendered as an empty shell; the screens load in the browser, for signed-in staff only. */
export default function BackOfficePage() {
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  const loading = <p className="container section">Loading the back office…</p>;
  return inBrowser ? (
    <Suspense fallback={loading}>
      <BackOfficeApp />
    </Suspense>
  ) : (
    loading
  );
}
