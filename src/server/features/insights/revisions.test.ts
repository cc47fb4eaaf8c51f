import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { articleMessages } from '#shared/articles.ts';
import { auditSentence } from '#shared/audit-sentence.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { send } from '#tests/support/http.ts';
import { articleAndRevisionSeen, publishAsSeen, revisionSeen } from '#tests/support/seen-versions.ts';
import { backOfficeClient, signedInStaff } from '#tests/support/staff.ts';

type Client = ReturnType<typeof backOfficeClient>;

describeEachDatabase('a member of staff’s changes to a live article, reviewed by an owner', (database) => {
  let site: TestApp;
  let owner: Client;
  let staff: Client;
  let authorUserId: number;
  const page = async (path: string) => {
    const answer = await send(site, path, { headers: { accept: 'text/html' } });
    return { status: answer.status, html: await answer.text() };
  };
  const fields = (slug: string, overrides: Record<string, unknown> = {}) => ({
    title: `Live ${slug}`,
    summary: `The live summary of ${slug}.`,
    slug,
    tags: 'vat',
    authorUserId,
    authorName: 'Ann Fenwick',
    body: `The live text of ${slug}.`,
    ...overrides,
  });
  const published = async (slug: string) => {
    const created = await owner.send('/articles', fields(slug));
    const id = (await created.json()).id as number;
    expect((await publishAsSeen(owner, id)).status).toBe(200);
    return id;
  };
  const coverOf = (colour: string) =>
    sharp({ create: { width: 600, height: 300, channels: 3, background: colour } })
      .png()
      .toBuffer();
  const uploadCover = async (who: Client, id: number, colour: string, alt: string) =>
    who.send(
      `/articles/${id}/cover`,
      { contentType: 'image/png', data: (await coverOf(colour)).toString('base64'), alt },
      'PUT',
    );
  const auditActions = async (subject: string) =>
    (
      await site.db
        .selectFrom('audit_log')
        .innerJoin('users', 'users.id', 'audit_log.user_id')
        .select(['action', 'subject', 'detail', 'users.email'])
        .where('subject', '=', subject)
        .where('action', 'like', 'article.revision-%')
        .orderBy('audit_log.id')
        .execute()
    ).map((row) => auditSentence({ ...row, by: row.email }));

  beforeAll(async () => {
    site = await startTestApp({ database, env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    owner = backOfficeClient(site, await signedInStaff(site, 'olive.owner@fenwickhale.test', 'owner'));
    staff = backOfficeClient(site, await signedInStaff(site, 'sam.staff@fenwickhale.test', 'staff'));
    authorUserId = (await site.db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => site?.close());

  it('keeps a staff change to a published article for review, shows the owner who wrote it and when, and publishes it on the owner’s word', async () => {
    const id = await published('kept-for-review');
    const saved = await staff.send(
      `/articles/${id}`,
      fields('reviewed-address', { title: 'Revised title', body: 'Revised text.' }),
      'PUT',
    );
    expect(saved.status).toBe(200);
    expect((await saved.json()).infoMessages).toEqual([articleMessages.revisionSaved]);
    expect((await page('/insights/kept-for-review')).html).toContain('The live text of kept-for-review.');
    expect((await page('/insights/reviewed-address')).status).toBe(404);

    const { articles } = await owner.json('/articles');
    const listed = articles.find((article: { id: number }) => article.id === id);
    expect(listed.title).toBe('Live kept-for-review');
    expect(listed.pendingRevision).toEqual({
      writtenBy: 'sam.staff@fenwickhale.test',
      writtenAt: expect.any(String),
    });
    expect(Math.abs(Date.parse(listed.pendingRevision.writtenAt) - Date.now())).toBeLessThan(60_000);
    const article = await owner.json(`/articles/${id}`);
    expect(article).toMatchObject({
      title: 'Live kept-for-review',
      body: 'The live text of kept-for-review.',
    });
    expect(article.revision).toMatchObject({
      title: 'Revised title',
      slug: 'reviewed-address',
      body: 'Revised text.',
      writtenBy: 'sam.staff@fenwickhale.test',
    });
    // Staff may publish nothing themselves.
    const seen = { writtenAt: article.revision.writtenAt };
    expect((await staff.send(`/articles/${id}/revision/publish`, seen)).status).toBe(403);

    const publishedAnswer = await owner.send(`/articles/${id}/revision/publish`, seen);
    expect(publishedAnswer.status).toBe(200);
    expect((await publishedAnswer.json()).infoMessages).toEqual([articleMessages.revisionPublished]);
    const live = await page('/insights/reviewed-address');
    expect(live.status).toBe(200);
    expect(live.html).toContain('Revised text.');
    expect((await page('/insights/kept-for-review')).status).toBe(404);
    expect(await (await send(site, '/insights/feed.xml')).text()).toContain('Revised title');
    expect((await owner.json(`/articles/${id}`)).revision).toBeNull();
    expect((await owner.send(`/articles/${id}/revision/publish`, seen)).status).toBe(404);
    expect(await auditActions('kept-for-review')).toEqual([
      'sam.staff@fenwickhale.test saved changes to the article kept-for-review for an owner to review',
    ]);
    expect(await auditActions('reviewed-address')).toEqual([
      'olive.owner@fenwickhale.test published the changes waiting for review in the article reviewed-address',
    ]);
  });

  it('discards a staff change on the owner’s word: the article stays as it is, cover included', async () => {
    const id = await published('kept-as-is');
    expect((await uploadCover(owner, id, '#0000ff', 'The owner’s cover')).status).toBe(200);
    const ownerCover = (await owner.json(`/articles/${id}`)).cover.src as string;
    expect(
      (await staff.send(`/articles/${id}`, fields('kept-as-is', { body: 'Unwanted.' }), 'PUT')).status,
    ).toBe(200);
    const staffCover = await uploadCover(staff, id, '#ff0000', 'The staff cover');
    expect((await staffCover.json()).infoMessages).toEqual([articleMessages.coverRevisionSaved]);
    const article = await owner.json(`/articles/${id}`);
    expect(article.cover.src).toBe(ownerCover);
    expect(article.revision).toMatchObject({ body: 'Unwanted.', cover: { alt: 'The staff cover' } });
    // The owner previews the pending cover beside the live one.
    expect((await send(site, article.revision.cover.src)).status).toBe(200);
    expect((await page('/insights/kept-as-is')).html).toContain(ownerCover);

    const discarded = await owner.send(`/articles/${id}/revision/discard`);
    expect((await discarded.json()).infoMessages).toEqual([articleMessages.revisionDiscarded]);
    expect((await owner.json(`/articles/${id}`)).revision).toBeNull();
    const after = await page('/insights/kept-as-is');
    expect(after.html).toContain('The live text of kept-as-is.');
    expect(after.html).toContain(ownerCover);
    expect((await send(site, article.revision.cover.src)).status).toBe(404);
    expect((await send(site, ownerCover)).status).toBe(200);
    expect((await owner.send(`/articles/${id}/revision/discard`)).status).toBe(404);
    expect(await auditActions('kept-as-is')).toEqual([
      'sam.staff@fenwickhale.test saved changes to the article kept-as-is for an owner to review',
      'sam.staff@fenwickhale.test saved changes to the article kept-as-is for an owner to review',
      'olive.owner@fenwickhale.test discarded the changes waiting for review in the article kept-as-is',
    ]);
  });

  it('keeps an owner’s later edit of the live article when a staff change waiting from before is published', async () => {
    const id = await published('both-edited');
    await staff.send(`/articles/${id}`, fields('both-edited', { body: 'The staff’s text.' }), 'PUT');
    // The owner corrects the live summary while the staff change waits.
    const corrected = fields('both-edited', { summary: 'The owner’s corrected summary.' });
    expect((await owner.send(`/articles/${id}`, corrected, 'PUT')).status).toBe(200);
    const article = await owner.json(`/articles/${id}`);
    // The review shows only what the member of staff changed: their text, beside the owner's summary.
    expect(article.revision).toMatchObject({
      summary: 'The owner’s corrected summary.',
      body: 'The staff’s text.',
    });
    expect((await owner.send(`/articles/${id}/revision/publish`, await revisionSeen(owner, id))).status).toBe(
      200,
    );
    const live = (await page('/insights/both-edited')).html;
    expect(live).toContain('The owner’s corrected summary.');
    expect(live).toContain('The staff’s text.');
  });

  it('lets staff change a draft at once, and an owner change a live article at once', async () => {
    const draft = await staff.send('/articles', fields('a-draft'));
    const draftId = (await draft.json()).id as number;
    const saved = await staff.send(
      `/articles/${draftId}`,
      fields('a-draft', { body: 'Second thoughts.' }),
      'PUT',
    );
    expect((await saved.json()).infoMessages).toEqual([articleMessages.saved]);
    expect(await owner.json(`/articles/${draftId}`)).toMatchObject({
      body: 'Second thoughts.',
      revision: null,
    });

    const id = await published('owner-edits');
    const edited = await owner.send(
      `/articles/${id}`,
      fields('owner-edits', { body: 'The owner’s word.' }),
      'PUT',
    );
    expect((await edited.json()).infoMessages).toEqual([articleMessages.saved]);
    expect((await page('/insights/owner-edits')).html).toContain('The owner’s word.');
  });

  it('keeps a staff change for review when an owner publishes the draft while it is being saved', async () => {
    const created = await owner.send('/articles', fields('published-meanwhile'));
    const id = (await created.json()).id as number;
    let saving: Promise<Response> | undefined;
    // An owner's publishing, not yet committed, while the staff's save arrives: the save must not go
    // through to the article it found still a draft.
    await site.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('articles')
        .set({ status: 'published', published_at: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
      saving = staff.send(`/articles/${id}`, fields('published-meanwhile', { body: 'Slipped in.' }), 'PUT');
      await new Promise((resolve) => setTimeout(resolve, 500));
    });
    const answer = await (saving as Promise<Response>);
    expect((await answer.json()).infoMessages).toEqual([articleMessages.revisionSaved]);
    expect(await owner.json(`/articles/${id}`)).toMatchObject({
      body: 'The live text of published-meanwhile.',
      revision: { body: 'Slipped in.' },
    });
  });

  it('tells the second of two staff saving one article that the first saved, draft and pending changes alike', async () => {
    const other = backOfficeClient(site, await signedInStaff(site, 'tess.staff@fenwickhale.test', 'staff'));
    const created = await staff.send('/articles', fields('two-editors'));
    const draftId = (await created.json()).id as number;
    const bothRead = await articleAndRevisionSeen(staff, draftId);
    const first = fields('two-editors', { body: 'Sam’s words.', ...bothRead });
    expect((await staff.send(`/articles/${draftId}`, first, 'PUT')).status).toBe(200);
    const second = await other.send(
      `/articles/${draftId}`,
      fields('two-editors', { body: 'Tess’s words.', ...bothRead }),
      'PUT',
    );
    expect(second.status).toBe(409);
    expect((await second.json()).errorMessages).toEqual([articleMessages.savedSinceOpened]);
    expect((await owner.json(`/articles/${draftId}`)).body).toBe('Sam’s words.');
    // Read again, the second editor's save goes through: they chose to replace it.
    const again = await other.send(
      `/articles/${draftId}`,
      fields('two-editors', { body: 'Tess’s words.', ...(await articleAndRevisionSeen(staff, draftId)) }),
      'PUT',
    );
    expect(again.status).toBe(200);

    const id = await published('two-revisers');
    const noneYet = await articleAndRevisionSeen(staff, id);
    expect(noneYet.revisionWrittenAt).toBeNull();
    const firstChange = fields('two-revisers', { body: 'Sam’s change.', ...noneYet });
    expect((await (await staff.send(`/articles/${id}`, firstChange, 'PUT')).json()).infoMessages).toEqual([
      articleMessages.revisionSaved,
    ]);
    const late = await other.send(
      `/articles/${id}`,
      fields('two-revisers', { body: 'Tess’s change.', ...noneYet }),
      'PUT',
    );
    expect(late.status).toBe(409);
    expect((await late.json()).errorMessages).toEqual([articleMessages.savedSinceOpened]);
    const pending = await articleAndRevisionSeen(staff, id);
    const secondChange = fields('two-revisers', { body: 'Sam’s second change.', ...pending });
    expect((await staff.send(`/articles/${id}`, secondChange, 'PUT')).status).toBe(200);
    const stale = await other.send(
      `/articles/${id}`,
      fields('two-revisers', { body: 'Tess again.', ...pending }),
      'PUT',
    );
    expect(stale.status).toBe(409);
    expect(await owner.json(`/articles/${id}`)).toMatchObject({
      body: 'The live text of two-revisers.',
      revision: { body: 'Sam’s second change.' },
    });
  });

  it('refuses a staff revision to an address another article has, as an owner’s edit would be', async () => {
    await published('first-address');
    const id = await published('second-address');
    const taken = await staff.send(`/articles/${id}`, fields('first-address'), 'PUT');
    expect(taken.status).toBe(409);
    expect((await taken.json()).errorMessages).toEqual([articleMessages.slugTaken]);
    expect((await owner.json(`/articles/${id}`)).revision).toBeNull();
  });

  it('a newsletter made from the article takes what is live when an owner sends it, never the pending revision', async () => {
    const id = await published('for-the-newsletter');
    const campaign = await staff.send('/campaigns', {
      subject: 'Our news',
      bodyMarkdown: 'Read our article.',
      articleId: id,
    });
    const campaignId = (await campaign.json()).id as number;
    await staff.send(
      `/articles/${id}`,
      fields('staff-newsletter-address', { summary: 'A summary no owner approved.' }),
      'PUT',
    );
    const preview = await owner.json(`/campaigns/${campaignId}/preview`);
    expect(preview.html).toContain(`${site.url}/insights/for-the-newsletter`);
    expect(preview.html).toContain('The live summary of for-the-newsletter.');
    expect(`${preview.html}${preview.text}`).not.toMatch(/staff-newsletter-address|no owner approved/);
  });
});
