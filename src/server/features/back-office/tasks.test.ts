import { afterAll, beforeAll, expect, it } from 'vitest';
import { sendTaskDigests } from '#server/leads/task-digest.ts';
import { backOfficeMessages } from '#shared/back-office.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { contact, post } from '#tests/support/enquiries.ts';
import { demoFirm } from '#tests/support/firms.ts';
import { backOfficeClient, signedInStaff } from '#tests/support/staff.ts';

describeEachDatabase('owners and tasks', (database) => {
  let site: TestApp;
  let gwen: ReturnType<typeof backOfficeClient>;
  let sol: ReturnType<typeof backOfficeClient>;
  let personId: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    site = await startTestApp({ database, env: { RATE_LIMIT_PER_MINUTE: '1000', CAPTCHA_PROVIDER: 'none' } });
    gwen = backOfficeClient(site, await signedInStaff(site, 'gwen@fenwickhale.test'));
    sol = backOfficeClient(site, await signedInStaff(site, 'sol@fenwickhale.test', 'staff'));
    await sol.send('/me/name', { name: 'Sol Adeyemi' });
    for (const user of await site.db.selectFrom('users').select(['id', 'email']).execute())
      ids[user.email] = user.id;
    expect(
      (await post(site, '/contact-us-send', { ...contact('amira@example.test'), recToken: 'none' })).status,
    ).toBe(201);
    personId = (await site.db.selectFrom('people').select('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => site?.close());

  const refusal = async (response: Response) => [response.status, (await response.json()).errorMessages];

  it('lists the colleagues to choose from, marking you, and gives a person an owner or nobody', async () => {
    expect(await sol.json('/colleagues')).toEqual([
      { id: ids['gwen@fenwickhale.test'], name: 'gwen@fenwickhale.test', you: false },
      { id: ids['sol@fenwickhale.test'], name: 'Sol Adeyemi', you: true },
    ]);
    expect(await refusal(await sol.send(`/people/${personId}/owner`, { owner: 99999 }))).toEqual([
      422,
      [backOfficeMessages.colleague],
    ]);
    expect((await sol.send('/people/99999/owner', { owner: null })).status).toBe(404);
    const saved = await sol.send(`/people/${personId}/owner`, { owner: ids['sol@fenwickhale.test'] });
    expect(await saved.json()).toMatchObject({ infoMessages: [backOfficeMessages.ownerSaved] });
    expect((await sol.json(`/people/${personId}`)).owner).toEqual({
      id: ids['sol@fenwickhale.test'],
      name: 'Sol Adeyemi',
    });
    await sol.send(`/people/${personId}/owner`, { owner: null });
    expect((await sol.json(`/people/${personId}`)).owner).toBeNull();
  });

  it('adds a task due at a time on the firm’s clocks, for a colleague who can sign in, and marks it done and not', async () => {
    const task = {
      title: 'Send the proposal',
      due: '2027-07-01T09:30',
      assignee: ids['sol@fenwickhale.test'],
    };
    for (const [body, message] of [
      [{ ...task, title: ' ' }, backOfficeMessages.taskTitle],
      [{ ...task, due: '2027-02-30T09:30' }, backOfficeMessages.taskDue],
      [{ ...task, due: 'tomorrow' }, backOfficeMessages.taskDue],
      [{ ...task, assignee: 99999 }, backOfficeMessages.colleague],
      [{ ...task, assignee: 'sol' }, backOfficeMessages.colleague],
    ] as const) {
      expect(await refusal(await gwen.send(`/people/${personId}/tasks`, body)), JSON.stringify(body)).toEqual(
        [422, [message]],
      );
    }
    expect((await gwen.send('/people/99999/tasks', task)).status).toBe(404);
    const added = await gwen.send(`/people/${personId}/tasks`, task);
    expect([added.status, (await added.json()).infoMessages]).toEqual([201, [backOfficeMessages.taskAdded]]);

    // 9:30 in London in July is 8:30 UTC.
    const [shown] = (await gwen.json(`/people/${personId}`)).tasks;
    expect(shown).toMatchObject({
      title: 'Send the proposal',
      dueAt: '2027-07-01T08:30:00.000Z',
      doneAt: null,
      assignee: { id: ids['sol@fenwickhale.test'], name: 'Sol Adeyemi' },
      person: { id: personId, name: 'Amira Shah' },
    });
    expect((await sol.json('/tasks')).map((t: { id: number }) => t.id)).toEqual([shown.id]);
    expect(await gwen.json('/tasks')).toEqual([]);

    expect(await (await sol.send(`/tasks/${shown.id}/done`, { done: true })).json()).toMatchObject({
      infoMessages: [backOfficeMessages.taskDone],
    });
    expect((await sol.json('/tasks'))[0].doneAt).not.toBeNull();
    expect(await (await sol.send(`/tasks/${shown.id}/done`, { done: false })).json()).toMatchObject({
      infoMessages: [backOfficeMessages.taskReopened],
    });
    expect((await sol.json('/tasks'))[0].doneAt).toBeNull();
    expect((await sol.send('/tasks/99999/done', { done: true })).status).toBe(404);
    expect(await refusal(await sol.send(`/tasks/${shown.id}/done`, { done: 'yes' }))).toEqual([
      422,
      [backOfficeMessages.taskDoneOrNot],
    ]);
  });

  it('emails each member their tasks due and overdue once each working morning, from 7am, unless turned off', async () => {
    const add = (title: string, due: string, who: string) =>
      gwen.send(`/people/${personId}/tasks`, { title, due, assignee: ids[who] });
    // Monday 7 December 2026, in London (GMT).
    await add('Ring about payroll', '2026-12-04T15:00', 'sol@fenwickhale.test');
    await add('Chase the documents', '2026-12-07T16:00', 'sol@fenwickhale.test');
    await add('Next week’s call', '2026-12-14T10:00', 'sol@fenwickhale.test');
    await add('Gwen’s own', '2026-12-07T11:00', 'gwen@fenwickhale.test');
    expect(await (await gwen.send('/me/task-digest', { on: false })).json()).toMatchObject({
      infoMessages: [backOfficeMessages.digestOff],
    });
    expect((await gwen.json('/me')).taskDigest).toBe(false);

    const send = (iso: string) =>
      sendTaskDigests(site.db, { now: new Date(iso), firm: demoFirm(), publicUrl: new URL(site.url) });
    expect(await send('2026-12-07T06:59:00Z')).toBe(0);
    expect(await send('2026-12-05T09:00:00Z')).toBe(0); // a Saturday
    expect(await send('2026-12-07T07:00:00Z')).toBe(1);
    expect(await send('2026-12-07T07:05:00Z')).toBe(0);

    const [digest, ...more] = await site.db
      .selectFrom('outbox_messages')
      .select(['recipient', 'subject', 'message'])
      .where('kind', '=', 'task-digest')
      .execute();
    expect(more).toEqual([]);
    expect(digest?.recipient).toBe('sol@fenwickhale.test');
    expect(digest?.subject).toBe('Your tasks for Monday 7 December 2026: 1 due today, 1 overdue');
    const { text } = JSON.parse(digest?.message ?? '{}');
    expect(text).toContain('Good morning, Sol Adeyemi');
    expect(text).toContain('Overdue:\n- 4 Dec, 15:00: Ring about payroll (Amira Shah)');
    expect(text).toContain('Due today:\n- 16:00: Chase the documents (Amira Shah)');
    expect(text).not.toContain('Next week');
    expect(text).toContain(`${site.url}/back-office/tasks`);

    // The next morning, again; with the digest turned back on, Gwen's too.
    await gwen.send('/me/task-digest', { on: true });
    expect(await send('2026-12-08T08:00:00Z')).toBe(2);

    // Erasing the person takes the tasks about them too: a task may name them.
    expect((await gwen.send('/data-protection/erase', { email: 'amira@example.test' })).status).toBe(200);
    expect(await site.db.selectFrom('tasks').selectAll().execute()).toEqual([]);
  });
});
