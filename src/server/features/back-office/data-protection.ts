import type { Kysely } from 'kysely';
import { exportAuditEntries, pseudonymiseAuditEntries } from '#server/audit/personal-data.ts';
import type { Database } from '#server/db/schema.ts';
import { eraseStaffAccountData, exportStaffAccountData } from '#server/features/accounts/index.ts';
import { erasedMarker } from '#server/leads/erased.ts';
import { eraseLeadNotes, exportLeadEvents, type LeadIds } from '#server/leads/events.ts';
import type { LeadRegistry, PersonalDataFound } from '#server/leads/kind.ts';
import { exportPerson, forgetPeople } from '#server/leads/people.ts';
import { anonymiseLeadSources, exportLeadSources } from '#server/leads/sources.ts';
import type { MailFiles } from '#server/mail/mail-files.ts';
import { eraseEmails, exportEmails } from '#server/mail/personal-data.ts';
import { derivedToken } from '#server/tokens.ts';
import { exportIpAddressRecords } from './ip-records.ts';

/**
 * What stands for an erased address where a record of it must stay (the audit log, a closed staff
 * account): the same for the same address, so its entries still belong together, and only someone with
 * SESSION_SECRET can check whether it was a given address.
 */
export const erasedAddress = (secret: string, email: string) =>
  `(erased ${derivedToken(secret, 'erased-address', email.trim().toLowerCase()).slice(0, 12)})`;

/** The timeline's kinds and ids among what each kind of lead found. */
const leadIdsOf = (found: { leads: { kind: LeadIds[number][0]; ids: number[] } | null }[]): LeadIds =>
  found.flatMap(({ leads }) => (leads ? [[leads.kind, leads.ids] as LeadIds[number]] : []));

/**
 * Everything the site holds about one email address, for a subject access request: every lead of every
 * kind with all its fields (a subscription with its consent trail; a call with its adviser and where it
 * stands in their diary), staff notes and stage changes on those leads with their authors, the emails to
 * or about the address (what is still stored of them, with their tries and last error) and the files in
 * MAIL_DIR naming it, a staff account with its sessions and set-password links, sign-in throttles, the
 * audit entries that name the address, and the records tied to it by an internet address (ip-records.ts).
 */
export async function exportPersonalData(
  db: Kysely<Database>,
  leadKinds: LeadRegistry,
  email: string,
  now: Date,
  mailFiles?: MailFiles,
) {
  const address = email.trim().toLowerCase();
  const [person, found, emails, account, auditEntries, byIpAddress, files] = await Promise.all([
    exportPerson(db, address),
    Promise.all(leadKinds.map(({ personalData }) => personalData.export(db, address))),
    exportEmails(db, address),
    exportStaffAccountData(db, address),
    exportAuditEntries(db, address),
    exportIpAddressRecords(db, address),
    mailFiles?.filesOf(db, address) ?? [],
  ]);
  const [leadEvents, leadSources] = await Promise.all([
    exportLeadEvents(db, leadIdsOf(found)),
    exportLeadSources(db, leadIdsOf(found), address),
  ]);
  // Each kind's records under its own key (enquiries, bookings, subscription…).
  const leads: Record<string, unknown> = Object.fromEntries(
    leadKinds.map(({ personalData }, i) => [personalData.exportKey, found[i]?.data]),
  );
  // Object.assign rather than a spread, so the type keeps the kinds' keys (enquiries, bookings…).
  return Object.assign({ email: address, exportedAt: now.toISOString(), person }, leads, {
    leadEvents,
    // Where the visitor came from when each lead was sent (leads/sources.ts).
    leadSources,
    emails,
    // The emails written as files on the server (no SMTP server set): their names in MAIL_DIR.
    mailFiles: files,
    ...account,
    auditEntries,
    recordsByIpAddress: byIpAddress,
  });
}

/**
 * Erases one email address (a right-to-erasure request); pass the transaction that also records it.
 * The person with the address is forgotten (leads/people.ts), then each kind of lead erases its own (leads stay as counted records without their personal fields, upcoming
 * calls are cancelled so their slots free up, a subscription goes with its consent trail), then the staff
 * notes on those leads and the emails to or about the address (staff notices included) go; a staff
 * account with the address is closed (accounts/personal-data.ts), its sign-in throttles deleted, and the
 * audit log keeps its entries with `pseudonym` in place of the address. Returns how many of each were
 * touched.
 *
 * On SQLite the bytes are gone from the files once forgetOverwrittenBytes has run after the commit.
 */
export async function erasePersonalData(
  trx: Kysely<Database>,
  leadKinds: LeadRegistry,
  email: string,
  pseudonym: string,
  now: Date,
) {
  const address = email.trim().toLowerCase();
  await forgetPeople(trx, [address]);
  const erased: PersonalDataFound<number>[] = [];
  for (const { personalData } of leadKinds) erased.push(await personalData.erase(trx, address, now));
  const notes = await eraseLeadNotes(trx, leadIdsOf(erased), erasedMarker);
  for (const [kind, ids] of leadIdsOf(erased)) await anonymiseLeadSources(trx, kind, ids);
  const emails = await eraseEmails(trx, address);
  const account = await eraseStaffAccountData(trx, address, pseudonym);
  const auditEntries = await pseudonymiseAuditEntries(trx, address, pseudonym);
  // Each kind's count, with the notes counted right after the kinds of lead they belong to.
  const counts = leadKinds.map(({ personalData }, i) => ({ key: personalData.erasedKey, ...erased[i] }));
  const countsOf = (withTimeline: boolean) =>
    Object.fromEntries(counts.filter((c) => (c.leads !== null) === withTimeline).map((c) => [c.key, c.data]));
  return {
    ...countsOf(true),
    notes,
    ...countsOf(false),
    emails,
    ...account,
    auditEntries,
  };
}
