import { Island } from '#client/islands/Island.tsx';
import { useFirm } from '#client/lib/firm.tsx';
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

export default function BackOfficePage() {
  return <Island name="back-office" props={{ firm: useFirm() }} />;
}
