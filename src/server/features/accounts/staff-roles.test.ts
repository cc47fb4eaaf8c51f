import { afterAll, beforeAll, expect, it } from 'vitest';
import { backOfficeMessages } from '#shared/back-office.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { refuseAuditEntries } from '#tests/support/failing-audit.ts';
import { backOfficeClient, signedInStaff } from '#tests/support/staff.ts';

type Session = { cookies: string; token: string };

describeEachDatabase("changing an account's role", (database) => {
  let site: TestApp;

  beforeAll(async () => {
    site = await startTestApp({ database, env: { RATE_LIMIT_PER_MINUTE: '1000' } });
  });
  afterAll(async () => site?.close());

  const api = (session: Session) => backOfficeClient(site, session);
  const setRole = (session: Session, email: string, role: string) =>
    api(session).send('/staff/role', { email, role });
  /** Leaves `owners` as the only enabled owners, whatever earlier tests made. */
  const onlyOwners = async (...owners: string[]) => {
    await site.db
      .updateTable('users')
      .set({ role: 'staff' })
      .where('role', '=', 'owner')
      .where('email', 'not in', owners)
      .execute();
  };
  const roleOf = async (email: string) =>
    (await site.db.selectFrom('users').select('role').where('email', '=', email).executeTakeFirstOrThrow())
      .role;

  it("applies at once to the account's existing sessions, both ways, and records who did it", async () => {
    const olive = await signedInStaff(site, 'olive@fenwickhale.test', 'owner');
    const sam = await signedInStaff(site, 'sam@fenwickhale.test', 'staff');
    expect((await api(sam).get('/staff')).status).toBe(403);

    const promoted = await setRole(olive, 'Sam@fenwickhale.test', 'owner');
    expect(promoted.status).toBe(200);
    expect((await promoted.json()).infoMessages).toEqual([backOfficeMessages.roleChanged]);
    // The session Sam signed in with before the change now reaches an owner's screens.
    expect((await api(sam).get('/staff')).status).toBe(200);
    expect(await api(sam).json('/me')).toEqual({
      email: 'sam@fenwickhale.test',
      name: null,
      taskDigest: true,
      role: 'owner',
      managesAvailability: true,
    });
    expect(await api(olive).json('/staff')).toContainEqual(
      expect.objectContaining({ email: 'sam@fenwickhale.test', role: 'owner' }),
    );

    expect((await setRole(olive, 'sam@fenwickhale.test', 'staff')).status).toBe(200);
    expect((await api(sam).get('/staff')).status).toBe(403);
    expect((await api(sam).get('/contact-enquiries')).status).toBe(200);

    const [demoted, made] = (await api(olive).json('/audit-log')).items;
    expect(demoted).toMatchObject({
      action: 'staff.role-changed',
      subject: 'sam@fenwickhale.test',
      by: 'olive@fenwickhale.test',
    });
    expect(JSON.parse(demoted.detail)).toEqual({ from: 'owner', role: 'staff' });
    expect(made).toMatchObject({ action: 'staff.role-changed', subject: 'sam@fenwickhale.test' });
    expect(JSON.parse(made.detail)).toEqual({ from: 'staff', role: 'owner' });
  });

  it('never makes the last enabled owner staff, nor disables them', async () => {
    const solo = await signedInStaff(site, 'solo@fenwickhale.test', 'owner');
    await signedInStaff(site, 'dis@fenwickhale.test', 'owner');
    await onlyOwners('solo@fenwickhale.test', 'dis@fenwickhale.test');
    expect((await api(solo).send('/staff/disable', { email: 'dis@fenwickhale.test' })).status).toBe(200);

    // A disabled owner cannot sign in, so does not count: solo is the last one who can.
    const refused = await setRole(solo, 'solo@fenwickhale.test', 'staff');
    expect(refused.status).toBe(409);
    expect((await refused.json()).errorMessages).toEqual([backOfficeMessages.lastOwner]);
    expect(await roleOf('solo@fenwickhale.test')).toBe('owner');
    expect((await api(solo).get('/staff')).status).toBe(200);

    // The disabled owner may be made staff; re-enabled as an owner, solo may then step down.
    expect((await setRole(solo, 'dis@fenwickhale.test', 'staff')).status).toBe(200);
    expect((await setRole(solo, 'dis@fenwickhale.test', 'owner')).status).toBe(200);
    expect((await api(solo).send('/staff/enable', { email: 'dis@fenwickhale.test' })).status).toBe(200);
    expect((await setRole(solo, 'solo@fenwickhale.test', 'staff')).status).toBe(200);
    expect((await api(solo).get('/staff')).status).toBe(403);
  });

  it('lets only one of two owners demoting or disabling each other at once succeed', async () => {
    for (const round of [1, 2, 3]) {
      const ann = `ann.${round}@fenwickhale.test`;
      const bob = `bob.${round}@fenwickhale.test`;
      const annSession = await signedInStaff(site, ann, 'owner');
      const bobSession = await signedInStaff(site, bob, 'owner');
      await onlyOwners(ann, bob);
      const answers = await Promise.all([
        setRole(annSession, bob, 'staff'),
        round === 2
          ? api(bobSession).send('/staff/disable', { email: ann })
          : setRole(bobSession, ann, 'staff'),
      ]);
      // One wins. The other is refused: 409 when both were in flight together (the last enabled owner
      // stays), or 403 when it arrived once the winner had already made its sender staff.
      const [won, refused] = answers.map((answer) => answer.status).sort();
      expect(won).toBe(200);
      expect([403, 409]).toContain(refused);
      const enabledOwners = await site.db
        .selectFrom('users')
        .select('email')
        .where('role', '=', 'owner')
        .where('status', '=', 'active')
        .execute();
      expect(enabledOwners).toHaveLength(1);
    }
  });

  it('answers 404 for no account, 409 for the role it has, 422 for a role that does not exist', async () => {
    const owner = await signedInStaff(site, 'rita@fenwickhale.test', 'owner');
    const nobody = await setRole(owner, 'nobody@fenwickhale.test', 'staff');
    expect(nobody.status).toBe(404);
    expect((await nobody.json()).errorMessages).toEqual([backOfficeMessages.noSuchStaff]);
    const same = await setRole(owner, 'rita@fenwickhale.test', 'owner');
    expect(same.status).toBe(409);
    expect((await same.json()).errorMessages).toEqual([backOfficeMessages.alreadyThatRole]);
    const unknownRole = await setRole(owner, 'rita@fenwickhale.test', 'admin');
    expect(unknownRole.status).toBe(422);
    expect((await unknownRole.json()).errorMessages).toEqual([backOfficeMessages.role]);
    expect((await setRole(owner, 'not an address', 'staff')).status).toBe(422);
  });

  it('changes nothing when the audit entry cannot be written', async () => {
    const owner = await signedInStaff(site, 'uma@fenwickhale.test', 'owner');
    await signedInStaff(site, 'vic@fenwickhale.test', 'staff');
    await refuseAuditEntries(site, true);
    try {
      expect((await setRole(owner, 'vic@fenwickhale.test', 'owner')).status).toBe(500);
    } finally {
      await refuseAuditEntries(site, false);
    }
    expect(await roleOf('vic@fenwickhale.test')).toBe('staff');
  });
});
