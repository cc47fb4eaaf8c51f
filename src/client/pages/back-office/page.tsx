import { lazy, Suspense, useEffect, useState } from 'react';
import { accountPaths, backOfficeTitle } from '#shared/accounts.ts';
import type { PageMeta } from '../page-module.ts';

export const meta: PageMeta = {
  path: accountPaths.backOffice,
  title: backOfficeTitle,
  description: 'The firm’s lead inbox.',
  noindex: true,
  // Staff get a layout of their own (features/back-office/StaffShell.tsx), loaded with the back office.
  layout: 'staff',
};

// Its own chunk: the public pages never download the back office.
const BackOfficeApp = lazy(() => import('#client/features/back-office/BackOfficeApp.tsx'));

/**
 * Prerendered as an empty shell; the screens and the staff layout around them load in the browser, for
 * signed-in staff only.
 */
export default function BackOfficePage() {
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  const loading = (
    <main id="main" tabIndex={-1} className="container section">
      <h1 className="visually-hidden">Back office</h1>
      <p>Loading the back office…</p>
    </main>
  );
  return inBrowser ? (
    <Suspense fallback={loading}>
      <BackOfficeApp />
    </Suspense>
  ) : (
    loading
  );
}
