import { type Kysely, sql } from 'kysely';
import type { Database, LeadSourceTable } from '#server/db/schema.ts';
import { utmParameters, type VisitSource } from '#shared/visit-source.ts';

// Where each lead and sign-up came from (decision 028), worked out once as it is stored: the reports
// count by `channel` and never parse a row again. Only what the report needs is kept: an outside
// referrer's origin (its path and query could name the visitor, and browsers send other sites only the
// origin anyway), the first page's path and its UTM parameters (never another query parameter: a
// password or unsubscribe link carries a token there).

/** What a lead's row in lead_sources holds, bar the lead it belongs to. */
export type LeadSource = Pick<
  LeadSourceTable,
  'channel' | 'referrer' | 'landing_path' | (typeof utmParameters)[number]
>;

export const directChannel = 'Direct';
const pathLimit = 200;
const utmLimit = 100;

/** Printable text of at most `limit` characters, or null: no control characters, no surrounding space. */
function cleanText(value: string | null | undefined, limit: number): string | null {
  const text = value?.trim();
  if (!text || text.length > limit || /[\p{Cc}\p{Cf}]/u.test(text)) return null;
  return text;
}

/** An http(s) address on another host than the site's, as its origin (`https://www.example.com`). */
function outsideOrigin(address: string | undefined, siteHosts: string[]): string | null {
  if (!address) return null;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (siteHosts.includes(url.hostname.toLowerCase())) return null;
  return url.origin;
}

/** The first page's path and UTM parameters, when it is a path of this site. */
function landing(page: string | undefined) {
  if (!page?.startsWith('/') || page.startsWith('//') || page.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(page, 'http://site.invalid');
  } catch {
    return null;
  }
  if (url.host !== 'site.invalid') return null;
  const utm = Object.fromEntries(
    utmParameters.map((name) => [name, cleanText(url.searchParams.get(name), utmLimit)]),
  ) as Record<(typeof utmParameters)[number], string | null>;
  return { path: cleanText(url.pathname, pathLimit), utm };
}

/** The group a report counts it under: its utm_source, else the referrer's host, else Direct. */
export function channelOf(utmSource: string | null, referrer: string | null): string {
  if (utmSource) return utmSource.toLowerCase();
  if (referrer) return new URL(referrer).hostname.replace(/^www\./, '');
  return directChannel;
}

/**
 * What to keep of a form's source fields. Without them (the form posted before its script ran) the
 * request's own Referer stands in, which counts only when it is another site's.
 */
export function leadSourceOf(
  fields: VisitSource,
  { refererHeader, siteUrl }: { refererHeader?: string; siteUrl: URL },
): LeadSource {
  const siteHosts = [siteUrl.hostname.toLowerCase()];
  const sent = fields.landingPage !== undefined || fields.referrer !== undefined;
  const referrer = outsideOrigin(sent ? fields.referrer : refererHeader, siteHosts);
  const page = landing(fields.landingPage);
  const utm = page?.utm ?? {
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    utm_term: null,
    utm_content: null,
  };
  return { channel: channelOf(utm.utm_source, referrer), referrer, landing_path: page?.path ?? null, ...utm };
}

/** What a lead stored without a request to read (a command, a test) is counted as. */
export const noSource: LeadSource = leadSourceOf({}, { siteUrl: new URL('http://site.invalid') });

/** Keeps where a lead or sign-up came from, in the transaction that stores it. */
export async function recordLeadSource(
  trx: Kysely<Database>,
  lead: Pick<LeadSourceTable, 'lead_kind' | 'lead_id' | 'opportunity_id' | 'created_at'>,
  source: LeadSource,
) {
  // A lead that joins business already past New has moved on with it.
  await trx
    .insertInto('lead_sources')
    .values((eb) => ({
      ...lead,
      ...source,
      moved_on:
        lead.opportunity_id === null
          ? 0
          : eb
              .selectFrom('opportunities')
              .select(sql<number>`case when furthest_stage <> 'new' then 1 else 0 end`.as('moved'))
              .where('id', '=', lead.opportunity_id),
    }))
    .execute();
}

/**
 * Where each of these leads, and the address's mailing-list sign-up, came from: for a subject access
 * request, oldest first.
 */
export async function exportLeadSources(
  db: Kysely<Database>,
  leads: readonly (readonly [kind: LeadSourceTable['lead_kind'], ids: number[]])[],
  address: string,
) {
  return db
    .selectFrom('lead_sources')
    .select(['lead_kind', 'lead_id', 'created_at', 'channel', 'referrer', 'landing_path', ...utmParameters])
    .where((eb) =>
      eb.or([
        ...leads
          .filter(([, ids]) => ids.length > 0)
          .map(([kind, ids]) => eb.and([eb('lead_kind', '=', kind), eb('lead_id', 'in', ids)])),
        eb.and([
          eb('lead_kind', '=', 'subscriber'),
          eb('lead_id', 'in', eb.selectFrom('subscribers').select('id').where('email', '=', address)),
        ]),
      ]),
    )
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * Blanks what an erased or anonymised lead's source could say about its visitor: the term and content of
 * a campaign's link may be made for one reader. The group, the referrer's origin and the first page stay,
 * so that reports over past periods keep their totals, as the anonymised leads keep their dates.
 */
export async function anonymiseLeadSources(
  trx: Kysely<Database>,
  kind: LeadSourceTable['lead_kind'],
  ids: readonly number[],
) {
  for (let start = 0; start < ids.length; start += 500) {
    await trx
      .updateTable('lead_sources')
      .set({ utm_term: null, utm_content: null })
      .where('lead_kind', '=', kind)
      .where('lead_id', 'in', ids.slice(start, start + 500))
      .execute();
  }
}
