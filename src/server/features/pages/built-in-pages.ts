import { readFileSync } from 'node:fs';
import type { Db } from '#server/db/database.ts';
import { pageRoles } from '#shared/page-roles.ts';
import { type PageDocument, pageDocumentSchema, type SectionOf, withPeople } from '#shared/sections.ts';
import { z } from '#shared/zod.ts';

// The pages the site is built around (shared/page-roles.ts) exist on every site. A site that lacks one
// gets it at start, as the demo firm wrote it (seeds/demo-firm/pages.json, worded for any firm: its
// {tokens} take the firm's details), and published at once. Only the demo firm's people, its team and
// its clients' reviews, are the demo's alone: a site gets them with the demo firm, or (upgrading from a
// version that kept them in the firm's details) its own from there.

const seedPageSchema = z.object({
  role: z.enum(pageRoles),
  path: z.string(),
  nav: z.enum(['main', 'footer', 'none']),
  navLabel: z.string(),
  document: pageDocumentSchema,
});
type SeedPage = z.infer<typeof seedPageSchema>;

const seedFile = new URL('../../../../seeds/demo-firm/pages.json', import.meta.url);
let seed: readonly SeedPage[] | undefined;

/** The demo firm's pages, checked as a save would be: read once, when first asked for. */
export function demoPages(): readonly SeedPage[] {
  seed ??= Object.freeze(z.array(seedPageSchema).parse(JSON.parse(readFileSync(seedFile, 'utf8'))));
  return seed;
}

/** The team and reviews a firm's details held before they moved into its pages. */
interface People {
  team: SectionOf<'team'>['members'];
  reviews: SectionOf<'reviews'>['items'];
}

const legacyPeopleSchema = z.object({
  team: z.array(z.object({ name: z.string(), role: z.string(), text: z.string() })).catch([]),
  reviews: z
    .array(
      z.object({
        quote: z.string(),
        name: z.string(),
        role: z.string().catch(''),
        business: z.string().catch(''),
        place: z.string().catch(''),
      }),
    )
    .catch([]),
});

/** The people the stored details of a firm set up before pages held them still name, if any. */
async function legacyPeople(db: Db): Promise<People> {
  const row = await db.selectFrom('firm').select('details').executeTakeFirst();
  const parsed = legacyPeopleSchema.safeParse(row ? JSON.parse(row.details) : {});
  const { team, reviews } = parsed.success ? parsed.data : { team: [], reviews: [] };
  return {
    team: team.map((person) => ({
      name: person.name,
      role: person.role,
      qualifications: '',
      biography: person.text,
    })),
    reviews: reviews.map((review) => ({
      quote: review.quote,
      name: review.name,
      business: [review.role, review.business, review.place].filter(Boolean).join(', '),
      // The firm published them on its site already, which it did only with their leave.
      permission: true,
    })),
  };
}

/** A seed page with `people` in place of the demo's; a section of people left with none goes. */
function withTheirPeople(document: PageDocument, people: People): PageDocument {
  const theirs = withPeople(document, { team: () => people.team, reviews: () => people.reviews });
  return pageDocumentSchema.parse(theirs);
}

/**
 * Adds, published, each page the site is built around that it does not have yet: with the demo firm's
 * people when `demo`, else with those the firm's details held, if any. Answers how many it added.
 */
export async function addBuiltInPages(db: Db, now: Date, { demo = false } = {}): Promise<number> {
  const held = new Set(
    (await db.selectFrom('site_pages').select('role').where('role', 'is not', null).execute()).map(
      (row) => row.role,
    ),
  );
  const missing = demoPages()
    .map((page, index) => ({ ...page, navOrder: index }))
    .filter((page) => !held.has(page.role));
  if (missing.length === 0) return 0;
  const people = demo ? undefined : await legacyPeople(db);
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    for (const page of missing) {
      const document = JSON.stringify(people ? withTheirPeople(page.document, people) : page.document);
      const { id } = await trx
        .insertInto('site_pages')
        .values({
          role: page.role,
          path: page.path,
          nav: page.nav,
          nav_label: page.navLabel,
          nav_order: page.navOrder,
          nav_changed_at: at,
          draft: document,
          draft_version: 1,
          draft_saved_at: at,
          live_revision: 1,
          created_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('page_revisions')
        .values({ page_id: id, number: 1, path: page.path, document, published_at: at })
        .execute();
    }
  });
  return missing.length;
}
