import { accountPaths } from '#shared/accounts.ts';

/**
 * Where a member of staff opens a lead in the back office, for the notices the site emails them: the
 * back office's own address for it (its lists link `<lead>/<reference>` the same way).
 */
export function backOfficeLink(publicUrl: URL, lead: { name: string }, reference: string): string {
  return new URL(`${accountPaths.backOffice}/${lead.name}/${encodeURIComponent(reference)}`, publicUrl).href;
}

/** The words of the link in a staff notice. */
export const openInBackOffice = 'Open it in the back office';
