import { afterAll, beforeAll, expect, it } from 'vitest';
import { backOfficeMessages } from '#shared/back-office.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { validApplication } from '#tests/support/applications.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { contact, post, quote } from '#tests/support/enquiries.ts';
import { backOfficeClient, signedInStaff } from '#tests/support/staff.ts';

// A person as staff keep them: two records of one client merged and split again, details corrected by
// hand, a piece of business given to a colleague, and the one search that finds them all.
describeEachDatabase('people kept by staff: merges, details, owners and search', (database) => {
  let site: TestApp;
  let staff: ReturnType<typeof backOfficeClient>;

  beforeAll(async () => {
    site = await startTestApp({ database, env: { RATE_LIMIT_PER_MINUTE: '1000', CAPTCHA_PROVIDER: 'none' } });
    staff = backOfficeClient(site, await signedInStaff(site, 'gwen@fenwickhale.test'));
    await site.db.updateTable('users').set({ name: 'Gwen Hale' }).execute();
  });
  afterAll(async () => site?.close());

  const personOf = async (email: string) =>
    (
      await site.db
        .selectFrom('people')
        .select('id')
        .where('email_key', '=', email.toLowerCase())
        .executeTakeFirstOrThrow()
    ).id;
  const person = (id: number) => staff.json(`/people/${id}`);

  it('merges two records of one client, sends later leads from either address to the one, and undoes exactly what it moved', async () => {
    // The quote request gives no phone number; the enquiry from her home address does.
    await post(site, '/show-contact-send', {
      ...quote('n.okafor@work.test'),
      name: 'Nadia Okafor',
      recToken: 'none',
    });
    await post(site, '/contact-us-send', {
      ...contact('nadia@home.test'),
      name: 'Nadia Okafor',
      recToken: 'none',
    });
    const kept = await personOf('n.okafor@work.test');
    const other = await personOf('nadia@home.test');
    const otherPhone = (await person(other)).phone;
    expect((await person(kept)).phone).toBeNull();

    const merged = await staff.send(`/people/${kept}/merge`, { other });
    expect([merged.status, (await merged.json()).infoMessages]).toEqual([200, [backOfficeMessages.merged]]);
    const whole = await person(kept);
    expect(whole.leads.map((lead: { kind: string }) => lead.kind).sort()).toEqual(['enquiry', 'quote']);
    // The number only the other record had is the kept one's now.
    expect(whole.phone).toBe(otherPhone);
    expect(whole.merges).toEqual([
      { id: expect.any(Number), email: 'nadia@home.test', at: expect.any(String) },
    ]);
    expect(whole.timeline[0]).toMatchObject({
      what: 'merged',
      detail: 'Merged in nadia@home.test: one lead moved here',
      by: 'Gwen Hale',
    });
    expect((await person(other)).mergedInto).toBe(kept);

    // A later lead from the merged address is the kept person's.
    await post(site, '/forms/application-form', { ...validApplication, emailAddress: 'Nadia@Home.test' });
    expect((await person(kept)).leads).toHaveLength(3);

    // Merging again, or into a merged record, or with oneself: refused, nothing moves.
    for (const [path, body, message] of [
      [`/people/${kept}/merge`, { other }, backOfficeMessages.mergeTaken],
      [`/people/${other}/merge`, { other: kept }, backOfficeMessages.mergeTaken],
      [`/people/${kept}/merge`, { other: kept }, backOfficeMessages.mergeSame],
    ] as const) {
      const refused = await staff.send(path, body);
      expect([refused.status, (await refused.json()).errorMessages]).toEqual([409, [message]]);
    }
    expect((await staff.send(`/people/${kept}/merge`, { other: 999_999 })).status).toBe(404);

    const undone = await staff.send(`/people/${kept}/merges/${whole.merges[0].id}/undo`);
    expect([undone.status, (await undone.json()).infoMessages]).toEqual([200, [backOfficeMessages.unmerged]]);
    const split = await person(kept);
    // The enquiry goes back; the application that came after the merge stays where it landed.
    expect(split.leads.map((lead: { kind: string }) => lead.kind).sort()).toEqual(['application', 'quote']);
    expect(split.phone).toBeNull();
    expect(split.merges).toEqual([]);
    expect(split.timeline[0]).toMatchObject({ what: 'unmerged', by: 'Gwen Hale' });
    const back = await person(other);
    expect([back.mergedInto, back.leads.map((lead: { kind: string }) => lead.kind)]).toEqual([
      null,
      ['enquiry'],
    ]);
    const again = await staff.send(`/people/${kept}/merges/${whole.merges[0].id}/undo`);
    expect([again.status, (await again.json()).errorMessages]).toEqual([
      404,
      [backOfficeMessages.noSuchMerge],
    ]);

    // Her number typed by hand, then merged again: only the last merge can be undone, and undoing it
    // leaves the number staff typed.
    await staff.send(`/people/${kept}/details`, {
      name: 'Nadia Okafor',
      phone: '07000 000001',
      organisation: '',
    });
    expect((await staff.send(`/people/${kept}/merge`, { other })).status).toBe(200);
    const remerged = await person(kept);
    expect(remerged.merges.map((merge: { email: string }) => merge.email)).toEqual(['nadia@home.test']);
    expect(remerged.merges[0].id).not.toBe(whole.merges[0].id);
    const stale = await staff.send(`/people/${kept}/merges/${whole.merges[0].id}/undo`);
    expect([stale.status, (await person(kept)).leads.length]).toEqual([404, 3]);
    expect((await staff.send(`/people/${kept}/merges/${remerged.merges[0].id}/undo`)).status).toBe(200);
    expect((await person(kept)).phone).toBe('07000 000001');
  });

  it('shows on the kept record the emails sent to the address merged into it, and that address', async () => {
    await post(site, '/contact-us-send', { ...contact('kofi@home.test'), recToken: 'none' });
    await post(site, '/show-contact-send', { ...quote('kofi@work.test'), recToken: 'none' });
    const [home, work] = [await personOf('kofi@home.test'), await personOf('kofi@work.test')];
    // Each email by when it was queued (its status moves on as the outbox sends it).
    const emailsOf = async (id: number) =>
      (await person(id)).timeline
        .filter((entry: { what: string }) => entry.what === 'email')
        .map((entry: { at: string }) => entry.at);
    const workEmails = await emailsOf(work);
    expect(workEmails.length).toBeGreaterThan(0);
    expect((await staff.send(`/people/${home}/merge`, { other: work })).status).toBe(200);
    const kept = await person(home);
    expect(kept.alsoFrom).toEqual(['kofi@work.test']);
    expect(await emailsOf(home)).toEqual(expect.arrayContaining(workEmails));
  });

  it('keeps the merged person’s own record when the one they joined is erased', async () => {
    await post(site, '/contact-us-send', { ...contact('keep.me@example.test'), recToken: 'none' });
    await post(site, '/contact-us-send', { ...contact('erase.me@example.test'), recToken: 'none' });
    const erased = await personOf('erase.me@example.test');
    const joined = await personOf('keep.me@example.test');
    expect((await staff.send(`/people/${erased}/merge`, { other: joined })).status).toBe(200);
    expect((await staff.send('/data-protection/erase', { email: 'erase.me@example.test' })).status).toBe(200);
    expect((await staff.get(`/people/${erased}`)).status).toBe(404);
    const kept = await person(joined);
    expect([kept.mergedInto, kept.leads.length]).toEqual([null, 1]);
    // Nothing on their timeline names the erased address any more.
    expect(JSON.stringify(kept.timeline)).not.toContain('erase.me');
    expect(kept.timeline.map((e: { what: string }) => e.what)).not.toContain('merged');
  });

  it('corrects a person’s details by hand, says what changed on the timeline, and refuses what is not a detail', async () => {
    await post(site, '/contact-us-send', { ...contact('omar@example.test'), recToken: 'none' });
    const id = await personOf('omar@example.test');
    const saved = await staff.send(`/people/${id}/details`, {
      name: 'Omar Haddad',
      phone: '01743 360214',
      organisation: '',
    });
    expect([saved.status, (await saved.json()).infoMessages]).toEqual([
      200,
      [backOfficeMessages.detailsSaved],
    ]);
    const now = await person(id);
    expect([now.name, now.phone, now.organisation]).toEqual(['Omar Haddad', '01743 360214', null]);
    expect(now.timeline[0]).toMatchObject({ what: 'details', by: 'Gwen Hale' });
    expect(now.timeline[0].detail).toContain('phone now “01743 360214”');
    const same = await staff.send(`/people/${id}/details`, {
      name: 'Omar Haddad',
      phone: '01743 360214',
      organisation: '',
    });
    expect((await same.json()).infoMessages).toEqual([backOfficeMessages.detailsUnchanged]);
    const refused = await staff.send(`/people/${id}/details`, {
      name: 'Omar\u202eHaddad',
      phone: 'call me',
      organisation: 'x'.repeat(201),
    });
    expect([refused.status, (await refused.json()).errorMessages]).toEqual([
      422,
      [
        'The name contains characters we cannot accept',
        'The phone number must be a phone number, like 01743 360 214 or +44 1743 360214',
        'The organisation must be at most 200 characters',
      ],
    ]);
    expect(
      (await staff.send('/people/999999/details', { name: '', phone: '', organisation: '' })).status,
    ).toBe(404);
  });

  it('gives one piece of business to a colleague, or back to the person’s owner, and says so', async () => {
    await post(site, '/show-contact-send', { ...quote('lena@example.test'), recToken: 'none' });
    const id = await personOf('lena@example.test');
    const colleague = await signedInStaff(site, 'cal@fenwickhale.test', 'staff');
    const calId = (
      await site.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'cal@fenwickhale.test')
        .executeTakeFirstOrThrow()
    ).id;
    const [opportunity] = (await person(id)).opportunities;
    const given = await staff.send(`/opportunities/${opportunity.id}/owner`, { owner: calId });
    expect([given.status, (await given.json()).infoMessages]).toEqual([
      200,
      [backOfficeMessages.opportunityOwnerSaved],
    ]);
    const after = await person(id);
    expect(after.opportunities[0].owner).toEqual({ id: calId, name: 'cal@fenwickhale.test' });
    expect(after.timeline[0]).toMatchObject({
      what: 'assigned',
      detail: '“Quote request” given to cal@fenwickhale.test',
    });
    // A colleague may give it back, as any member of staff works the leads.
    const back = await backOfficeClient(site, colleague).send(`/opportunities/${opportunity.id}/owner`, {
      owner: null,
    });
    expect(back.status).toBe(200);
    expect((await person(id)).opportunities[0].owner).toBeNull();
    expect((await staff.send(`/opportunities/${opportunity.id}/owner`, { owner: 999 })).status).toBe(422);
    expect((await staff.send('/opportunities/999999/owner', { owner: null })).status).toBe(404);
  });

  it('finds people, leads and notes by a few words in any letter case, and only what matches', async () => {
    await post(site, '/contact-us-send', {
      ...contact('zanele@example.test'),
      name: 'Zanele Raman',
      message: 'We need help with the payroll for our bakery in Shrewsbury.',
      recToken: 'none',
    });
    const { reference } = await site.db
      .selectFrom('enquiries')
      .select('reference')
      .where('email', '=', 'zanele@example.test')
      .executeTakeFirstOrThrow();
    expect(
      (await staff.send(`/enquiries/${reference}/notes`, { text: 'Rang back: wants a 50% discount' })).status,
    ).toBe(201);

    const byName = await staff.json('/search?q=ZANELE');
    expect(byName.people.map((p: { email: string }) => p.email)).toEqual(['zanele@example.test']);
    expect(byName.leads.map((l: { reference: string }) => l.reference)).toEqual([reference]);
    const byWords = await staff.json('/search?q=bakery');
    expect(byWords.leads[0]).toMatchObject({ kind: 'enquiry', reference, title: 'Zanele Raman, Dentist' });
    expect(byWords.leads[0].excerpt).toContain('bakery in Shrewsbury');
    // What is typed is words, never a pattern: % matches a percent sign, not everything.
    const byNote = await staff.json(`/search?q=${encodeURIComponent('50%')}`);
    expect([
      byNote.people,
      byNote.leads,
      byNote.notes.map((n: { reference: string }) => n.reference),
    ]).toEqual([[], [], [reference]]);
    const nothing = await staff.json(`/search?q=${encodeURIComponent('_%')}`);
    expect(nothing).toEqual({ people: [], leads: [], notes: [] });
    for (const q of ['a', 'x'.repeat(101), '']) {
      const refused = await staff.get(`/search?q=${q}`);
      expect([refused.status, (await refused.json()).errorMessages]).toEqual([
        422,
        [backOfficeMessages.searchWords],
      ]);
    }
  });
});
