import type { EmailBlock } from '#server/mail/email-blocks.ts';
import { accountPaths } from '#shared/accounts.ts';

/**
 * Where a member of staff opens a lead in the back office, as a staff notice gives it: a link block for
 * the HTML part and a line for the text part. The address is the back office's own for the lead (its
 * lists link `<lead>/<reference>` the same way).
 */
export function backOfficeLink(publicUrl: URL, lead: { name: string }, reference: string) {
  const href = new URL(`${accountPaths.backOffice}/${lead.name}/${encodeURIComponent(reference)}`, publicUrl)
    .href;
  const label = 'Open it in the back office';
  return { block: { kind: 'link', label, href } satisfies EmailBlock, line: `${label}: ${href}` };
}
