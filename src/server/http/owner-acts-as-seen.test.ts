import { afterAll, beforeAll, expect, it } from 'vitest';
import { articleMessages } from '#shared/articles.ts';
import { newsletterMessages } from '#shared/newsletter.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { send } from '#tests/support/http.ts';
import { articleSeen, campaignSeen, publishAsSeen, revisionSeen } from '#tests/support/seen-versions.ts';
import { backOfficeClient, signedInStaff } from '#tests/support/staff.ts';

// An owner publishes, schedules or sends only what they read: a member of staff's change made after the
// owner's screen loaded the article, its pending changes or the newsletter refuses the owner's act
// (docs/behaviour/insights.md and docs/behaviour/newsletter.md).

type Client = ReturnType<typeof backOfficeClient>;

describeEachDatabase('an owner makes public only the version they saw', (database) => {
  let site: TestApp;
  let owner: Client;
  let staff: Client;
  let authorUserId: number;
  const page = async (path: string) => {
    const answer = await send(site, path, { headers: { accept: 'text/html' } });
    return { status: answer.status, html: await answer.text() };
  };
  const fields = (slug: string, body: string) => ({
    title: `Title of ${slug}`,
    summary: `The summary of ${slug}.`,
    slug,
    tags: 'vat',
    authorUserId,
    authorName: 'Ann Fenwick',
    body,
  });
  const refusedWith = async (answer: Response, message: string) => {
    expect(answer.status).toBe(409);
    expect((await answer.json()).errorMessages).toEqual([message]);
  };

  beforeAll(async () => {
    site = await startTestApp({ database, env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    owner = backOfficeClient(site, await signedInStaff(site, 'olive.owner@fenwickhale.test', 'owner'));
    staff = backOfficeClient(site, await signedInStaff(site, 'sam.staff@fenwickhale.test', 'staff'));
    authorUserId = (await site.db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => site?.close());

  it('refuses to publish or schedule a draft staff changed after the owner opened it, and publishes it once read again', async () => {
    const created = await staff.send('/articles', fields('draft-changed', 'The text the owner read.'));
    const id = (await created.json()).id as number;
    const seen = await articleSeen(owner, id);
    const edited = await staff.send(
      `/articles/${id}`,
      fields('draft-changed', 'A [link](https://evil.example) added after the owner read it.'),
      'PUT',
    );
    expect(edited.status).toBe(200);

    await refusedWith(await owner.send(`/articles/${id}/publish`, seen), articleMessages.changedSinceOpened);
    await refusedWith(
      await owner.send(`/articles/${id}/schedule`, { publishAt: '2099-06-01T09:00', ...seen }),
      articleMessages.changedSinceOpened,
    );
    expect(await owner.json(`/articles/${id}`)).toMatchObject({ status: 'draft', publishAt: null });
    expect((await page('/insights/draft-changed')).status).toBe(404);
    expect(await (await send(site, '/insights/feed.xml')).text()).not.toContain('draft-changed');

    // Without the version read, nothing is published either.
    const unsaid = await owner.send(`/articles/${id}/publish`, {});
    expect(unsaid.status).toBe(422);
    expect((await page('/insights/draft-changed')).status).toBe(404);

    // Read again, it goes out as the owner now saw it.
    expect((await publishAsSeen(owner, id)).status).toBe(200);
    expect((await page('/insights/draft-changed')).html).toContain('https://evil.example');
  });

  it('refuses an owner’s save made on the way to publishing when staff changed the draft since it was opened', async () => {
    const created = await staff.send('/articles', fields('saved-then-published', 'Staff’s first text.'));
    const id = (await created.json()).id as number;
    const seen = await articleSeen(owner, id);
    const later = fields('saved-then-published', 'Staff’s text written after the owner opened it.');
    expect((await staff.send(`/articles/${id}`, later, 'PUT')).status).toBe(200);

    const ownerText = fields('saved-then-published', 'The owner’s own text.');
    await refusedWith(
      await owner.send(`/articles/${id}`, { ...ownerText, ...seen }, 'PUT'),
      articleMessages.savedSinceOpened,
    );
    expect((await owner.json(`/articles/${id}`)).body).toBe(
      'Staff’s text written after the owner opened it.',
    );

    // Saved at the version now read, the answer names the version to publish.
    const saved = await owner.send(
      `/articles/${id}`,
      { ...ownerText, ...(await articleSeen(owner, id)) },
      'PUT',
    );
    expect(saved.status).toBe(200);
    const { updatedAt } = await saved.json();
    expect(updatedAt).toBe((await articleSeen(owner, id)).updatedAt);
    expect((await owner.send(`/articles/${id}/publish`, { updatedAt })).status).toBe(200);
    expect((await page('/insights/saved-then-published')).html).toContain('The owner’s own text.');
  });

  it('schedules a draft at the version the owner saw', async () => {
    const created = await staff.send('/articles', fields('draft-scheduled', 'Scheduled text.'));
    const id = (await created.json()).id as number;
    const scheduled = await owner.send(`/articles/${id}/schedule`, {
      publishAt: '2099-06-01T09:00',
      ...(await articleSeen(owner, id)),
    });
    expect(scheduled.status).toBe(200);
    expect((await owner.json(`/articles/${id}`)).status).toBe('scheduled');
  });

  it('refuses to publish a draft when staff’s save commits while the owner’s publishing is under way', async () => {
    const created = await staff.send('/articles', fields('saved-meanwhile', 'The text the owner read.'));
    const id = (await created.json()).id as number;
    const seen = await articleSeen(owner, id);
    let publishing: Promise<Response> | undefined;
    // A member of staff's save, not yet committed, while the owner's publishing arrives: it must not
    // publish the text it did not read once the save commits.
    await site.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('articles')
        .set({ body: 'Slipped in.', updated_at: new Date(Date.parse(seen.updatedAt) + 1).toISOString() })
        .where('id', '=', id)
        .execute();
      publishing = owner.send(`/articles/${id}/publish`, seen);
      await new Promise((resolve) => setTimeout(resolve, 500));
    });
    await refusedWith(await (publishing as Promise<Response>), articleMessages.changedSinceOpened);
    expect((await owner.json(`/articles/${id}`)).status).toBe('draft');
    expect((await page('/insights/saved-meanwhile')).status).toBe(404);
  });

  it('refuses to publish pending changes staff edited again after the owner opened the review', async () => {
    const created = await owner.send('/articles', fields('revised-twice', 'The live text.'));
    const id = (await created.json()).id as number;
    expect((await publishAsSeen(owner, id)).status).toBe(200);
    const first = fields('revised-twice', 'The revision the owner read.');
    expect((await staff.send(`/articles/${id}`, first, 'PUT')).status).toBe(200);
    const seen = await revisionSeen(owner, id);
    const second = fields('revised-again', 'A revision written after the owner read the first.');
    expect((await staff.send(`/articles/${id}`, second, 'PUT')).status).toBe(200);

    await refusedWith(
      await owner.send(`/articles/${id}/revision/publish`, seen),
      articleMessages.revisionChangedSinceOpened,
    );
    expect((await page('/insights/revised-twice')).html).toContain('The live text.');
    expect((await page('/insights/revised-again')).status).toBe(404);
    expect((await owner.json(`/articles/${id}`)).revision).toMatchObject({
      slug: 'revised-again',
      body: 'A revision written after the owner read the first.',
    });

    const published = await owner.send(`/articles/${id}/revision/publish`, await revisionSeen(owner, id));
    expect(published.status).toBe(200);
    expect((await page('/insights/revised-again')).html).toContain('A revision written after the owner');
  });

  it('refuses to publish pending changes when staff’s edit commits while the owner’s publishing is under way', async () => {
    const created = await owner.send('/articles', fields('revised-meanwhile', 'The live text.'));
    const id = (await created.json()).id as number;
    expect((await publishAsSeen(owner, id)).status).toBe(200);
    const first = fields('revised-meanwhile', 'The revision the owner read.');
    expect((await staff.send(`/articles/${id}`, first, 'PUT')).status).toBe(200);
    const seen = await revisionSeen(owner, id);
    let publishing: Promise<Response> | undefined;
    await site.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('article_revisions')
        .set({ body: 'Slipped in.', written_at: new Date(Date.parse(seen.writtenAt) + 1).toISOString() })
        .where('article_id', '=', id)
        .execute();
      publishing = owner.send(`/articles/${id}/revision/publish`, seen);
      await new Promise((resolve) => setTimeout(resolve, 500));
    });
    await refusedWith(await (publishing as Promise<Response>), articleMessages.revisionChangedSinceOpened);
    expect((await page('/insights/revised-meanwhile')).html).toContain('The live text.');
    expect((await owner.json(`/articles/${id}`)).revision).toMatchObject({ body: 'Slipped in.' });
  });

  it('refuses to send or schedule a newsletter staff changed after the owner opened it, and sends it once read again', async () => {
    const created = await staff.send('/campaigns', {
      subject: 'Our news',
      bodyMarkdown: 'What the owner read.',
    });
    const id = (await created.json()).id as number;
    const seen = await campaignSeen(owner, id);
    const edited = await staff.send(
      `/campaigns/${id}`,
      { subject: 'Our news', bodyMarkdown: 'Changed after the owner read it.' },
      'PUT',
    );
    expect(edited.status).toBe(200);

    await refusedWith(await owner.send(`/campaigns/${id}/send`, seen), newsletterMessages.changedSinceOpened);
    await refusedWith(
      await owner.send(`/campaigns/${id}/send`, { at: '2099-06-01T09:00', ...seen }),
      newsletterMessages.changedSinceOpened,
    );
    expect(await owner.json(`/campaigns/${id}`)).toMatchObject({
      status: 'draft',
      scheduledFor: null,
      startedAt: null,
      progress: { recipients: 0 },
    });
    expect((await owner.send(`/campaigns/${id}/send`, {})).status).toBe(422);

    const scheduled = await owner.send(`/campaigns/${id}/send`, {
      at: '2099-06-01T09:00',
      ...(await campaignSeen(owner, id)),
    });
    expect(scheduled.status).toBe(200);
    expect(await scheduled.json()).toMatchObject({
      status: 'scheduled',
      bodyMarkdown: 'Changed after the owner read it.',
    });
  });
});
