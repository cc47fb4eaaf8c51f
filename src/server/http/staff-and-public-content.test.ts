import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { send } from '#tests/support/http.ts';
import { articleSeen, publishAsSeen } from '#tests/support/seen-versions.ts';
import { backOfficeClient, signedInStaff, signInThroughLogin } from '#tests/support/staff.ts';
import { waitUntil } from '#tests/support/wait.ts';

// Publishing is an owner's: whatever a member of staff of the staff role changes through the back office,
// visitors must go on seeing what an owner put live (docs/security.md, "staff change what is live").

type Client = ReturnType<typeof backOfficeClient>;
type Ids = { published: number; scheduled: number; campaign: number; page: number };

/** What a hostile member of staff would put live: another text, address, author, tags and a link away. */
const rewrite = (authorUserId: number) => ({
  title: 'Rewritten by staff',
  summary: 'A summary no owner approved.',
  slug: 'rewritten-by-staff',
  tags: 'hijacked',
  authorUserId,
  authorName: 'Somebody Else',
  body: 'Pay your tax at [this page](https://evil.example/pay).',
  coverAlt: 'A cover no owner approved',
});

/**
 * Every change a staff session may make to something an owner makes public, by route: each acts on the
 * published and the scheduled article (or the newsletter) as an attacker would, and must be let through
 * (a draft or a revision kept for review) without changing what visitors see.
 */
const publicContentRoutes: Record<string, (staff: Client, ids: Ids, authorUserId: number) => Promise<void>> =
  {
    'POST /api/back-office/articles': async (staff, _ids, authorUserId) => {
      const created = await staff.send('/articles', { ...rewrite(authorUserId), slug: 'a-staff-draft' });
      expect(created.status).toBe(201);
    },
    'PUT /api/back-office/articles/:id': async (staff, ids, authorUserId) => {
      for (const id of [ids.published, ids.scheduled]) {
        const saved = await staff.send(`/articles/${id}`, rewrite(authorUserId), 'PUT');
        expect(saved.status, `article ${id}`).toBe(200);
      }
    },
    'PUT /api/back-office/articles/:id/cover': async (staff, ids) => {
      const png = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#ff0000' } })
        .png()
        .toBuffer();
      for (const id of [ids.published, ids.scheduled]) {
        const body = { contentType: 'image/png', data: png.toString('base64'), alt: 'Not approved' };
        expect((await staff.send(`/articles/${id}/cover`, body, 'PUT')).status, `article ${id}`).toBe(200);
      }
    },
    'POST /api/back-office/campaigns': async (staff, ids) => {
      const body = { subject: 'Staff news', bodyMarkdown: 'Not approved', articleId: ids.published };
      expect((await staff.send('/campaigns', body)).status).toBe(201);
    },
    'PUT /api/back-office/campaigns/:id': async (staff, ids) => {
      const body = { subject: 'Rewritten by staff', bodyMarkdown: 'Not approved', articleId: ids.published };
      expect((await staff.send(`/campaigns/${ids.campaign}`, body, 'PUT')).status).toBe(200);
    },
    'POST /api/back-office/campaigns/:id/test': async (staff, ids) => {
      expect((await staff.send(`/campaigns/${ids.campaign}/test`)).status).toBe(200);
    },
    'POST /api/back-office/pages': async (staff) => {
      const body = { path: '/staff-page', title: 'Rewritten by staff', description: 'Not approved.' };
      expect((await staff.send('/pages', body)).status).toBe(201);
    },
    'POST /api/back-office/pages/pictures': async (staff) => {
      const jpeg = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#ff0000' } })
        .jpeg()
        .toBuffer();
      const body = { contentType: 'image/jpeg', data: jpeg.toString('base64') };
      expect((await staff.send('/pages/pictures', body)).status).toBe(201);
    },
    'PUT /api/back-office/pages/:id/draft': async (staff, ids) => {
      const { draftVersion } = await staff.json(`/pages/${ids.page}`);
      const document = { title: 'Rewritten by staff', description: 'Not approved.', sections: [] };
      const saved = await staff.send(`/pages/${ids.page}/draft`, { document, basedOn: draftVersion }, 'PUT');
      expect(saved.status).toBe(200);
    },
  };

/** Staff changes that touch nothing an owner makes public: leads, subscribers, calls, one's own sessions. */
const privateRoutes = [
  /^POST \/api\/back-office\/(enquiries|applications|bookings)\/:reference\/(stage|notes)$/,
  /^POST \/api\/back-office\/bookings\/:reference\/(cancel|reschedule|reassign)$/,
  /^POST \/api\/back-office\/subscribers\/:email\/(unsubscribe|resend-confirmation)$/,
  /^POST \/api\/back-office\/sessions\/end$/,
  // A member's own name and morning email show in the back office only.
  /^POST \/api\/back-office\/me\/(name|task-digest)$/,
  // People, their new business and tasks are the firm's own records.
  /^POST \/api\/back-office\/people\/:id\/(owner|tasks|replies|details|merge)$/,
  /^POST \/api\/back-office\/people\/:id\/merges\/:merge\/undo$/,
  /^POST \/api\/back-office\/opportunities\/:id\/(value|owner)$/,
  /^POST \/api\/back-office\/tasks\/:id\/done$/,
  // A client's due diligence is the firm's own record; the webhook is sent to the firm's own software.
  /^POST \/api\/back-office\/people\/:id\/due-diligence(\/complete)?$/,
  /^POST \/api\/back-office\/webhook(\/secret)?$/,
  // Proposals go to one client, never to the public site.
  /^POST \/api\/back-office\/people\/:id\/proposals$/,
  /^(PUT|DELETE) \/api\/back-office\/proposals\/:id$/,
  /^POST \/api\/back-office\/proposals\/:id\/(send|withdraw|new-version)$/,
];

/** In the firm's zone (Europe/London), as the editor's field gives it. */
const londonTime = (at: Date) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/London', dateStyle: 'short', timeStyle: 'short' })
    .format(at)
    .replace(' ', 'T');

describeEachDatabase('a member of staff and what visitors see', (database) => {
  let site: TestApp;
  let clock = new Date();
  let owner: Client;
  let staff: Client;
  let authorUserId: number;
  const ids: Ids = { published: 0, scheduled: 0, campaign: 0, page: 0 };
  const dueAt = new Date(clock.getTime() + 2 * 86_400_000);

  const approved = (slug: string) => ({
    title: `Approved ${slug}`,
    summary: `The summary of ${slug} an owner published.`,
    slug,
    tags: 'vat',
    authorUserId,
    authorName: 'Ann Fenwick',
    body: `The text of ${slug} an owner published.`,
  });

  /** Every page, list and feed an article or the newsletter appears in, as a visitor gets it. */
  const visible = async () => {
    const paths = [
      '/insights',
      '/insights/published-article',
      '/insights/scheduled-article',
      '/insights/rewritten-by-staff',
      '/insights/tag/vat',
      '/insights/tag/hijacked',
      '/insights/feed.xml',
      '/sitemap.xml',
      '/newsletter',
      '/landlords',
      '/staff-page',
    ];
    const pages: Record<string, string> = {};
    for (const path of paths) {
      const answer = await send(site, path, { headers: { accept: 'text/html' } });
      pages[path] = `${answer.status} ${await answer.text()}`;
    }
    return pages;
  };

  beforeAll(async () => {
    site = await startTestApp({
      database,
      clock: () => clock,
      env: { RATE_LIMIT_PER_MINUTE: '100000', INSIGHTS_REFRESH_SECONDS: '1' },
    });
    owner = backOfficeClient(site, await signedInStaff(site, 'olive.owner@fenwickhale.test', 'owner'));
    staff = backOfficeClient(site, await signedInStaff(site, 'sam.staff@fenwickhale.test', 'staff'));
    authorUserId = (await site.db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id;
    for (const kind of ['published', 'scheduled'] as const) {
      const created = await owner.send('/articles', approved(`${kind}-article`));
      expect(created.status).toBe(201);
      ids[kind] = (await created.json()).id;
    }
    expect((await publishAsSeen(owner, ids.published)).status).toBe(200);
    const scheduled = await owner.send(`/articles/${ids.scheduled}/schedule`, {
      publishAt: londonTime(dueAt),
      ...(await articleSeen(owner, ids.scheduled)),
    });
    expect(scheduled.status).toBe(200);
    const campaign = await owner.send('/campaigns', { subject: 'Owner news', bodyMarkdown: 'Approved' });
    ids.campaign = (await campaign.json()).id;
    const page = await owner.send('/pages', {
      path: '/landlords',
      title: 'Accountants for landlords',
      description: 'Approved.',
    });
    ids.page = (await page.json()).id;
    expect((await owner.send(`/pages/${ids.page}/publish`, { basedOn: 1 })).status).toBe(200);
  });
  afterAll(async () => site?.close());

  /** Every change a staff-role session may make, by `METHOD path`: read from the routes Fastify registered. */
  const staffChanges = () =>
    [...site.app.routeAccess()]
      .filter(([key, access]) => access === 'staff' && !/^(GET|HEAD) /.test(key))
      .map(([key]) => key);

  it('knows every change a staff session may make: each either changes public content or is listed as private', () => {
    const unknown = staffChanges().filter(
      (key) => !(key in publicContentRoutes) && !privateRoutes.some((pattern) => pattern.test(key)),
    );
    // A new route a member of staff may change things through must be added to one list or the other.
    expect(unknown).toEqual([]);
    expect(Object.keys(publicContentRoutes).filter((key) => !staffChanges().includes(key))).toEqual([]);
  });

  it('leaves every page, list, tag page, the sitemap, the feed and the archive as an owner left them, whatever staff change', async () => {
    const before = await visible();
    expect(before['/insights/published-article']).toMatch(/^200 /);
    expect(before['/insights/scheduled-article']).toMatch(/^404 /);
    for (const [route, act] of Object.entries(publicContentRoutes)) {
      await act(staff, ids, authorUserId);
      // Long enough for this instance's refresh to have shown any change it was told of.
      await new Promise((resolve) => setTimeout(resolve, 1200));
      expect(await visible(), `after ${route}`).toEqual(before);
    }
  });

  it('publishes a scheduled article on time as the owner scheduled it, not as staff changed it', async () => {
    clock = new Date(dueAt.getTime() + 60_000);
    await waitUntil(
      async () => (await send(site, '/insights/scheduled-article', { headers: { accept: 'text/html' } })).ok,
      { what: () => 'the scheduled article to be published' },
    );
    const html = await (await send(site, '/insights/scheduled-article')).text();
    expect(html).toContain('The text of scheduled-article an owner published.');
    expect(html).not.toMatch(/Rewritten by staff|evil\.example|Not approved/);
    expect((await send(site, '/insights/rewritten-by-staff')).status).toBe(404);
    const feed = await (await send(site, '/insights/feed.xml')).text();
    expect(feed).toContain('Approved scheduled-article');
    expect(feed).not.toContain('Rewritten by staff');
    // The owner still finds both revisions waiting (the sessions ended with the clock's jump).
    const ownerAgain = backOfficeClient(
      site,
      await signInThroughLogin(site, 'olive.owner@fenwickhale.test', 'Correct1'),
    );
    const { articles } = await ownerAgain.json('/articles');
    const waiting = articles.filter((article: { pendingRevision: unknown }) => article.pendingRevision);
    expect(waiting.map((article: { slug: string }) => article.slug).sort()).toEqual([
      'published-article',
      'scheduled-article',
    ]);
  });
});
