import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userCommand } from '#tests/support/accounts.ts';
import { runAsProcess } from '#tests/support/commands.ts';

describe('npm run user:add and user:list', () => {
  let site: { dataDir: string; url: string };
  beforeAll(async () => {
    site = { dataDir: await mkdtemp(path.join(tmpdir(), 'user-command-')), url: 'http://127.0.0.1:9' };
  });
  afterAll(() => rm(site.dataDir, { recursive: true, force: true }));

  it('makes the first user an owner, later ones staff unless --owner is given, and lists each role', async () => {
    expect(await userCommand(site, 'add', 'first@fenwickhale.test')).toContain(
      'Added first@fenwickhale.test as an owner',
    );
    expect(await userCommand(site, 'add', 'second@fenwickhale.test')).toContain(
      'Added second@fenwickhale.test as staff (leads and drafts)',
    );
    expect(await userCommand(site, 'add', '--owner', 'third@fenwickhale.test')).toContain(
      'Added third@fenwickhale.test as an owner',
    );
    const listed = (await userCommand(site, 'list'))
      .trim()
      .split('\n')
      .map((line) => line.split('\t').slice(0, 3));
    expect(listed).toEqual([
      ['first@fenwickhale.test', 'owner', 'active'],
      ['second@fenwickhale.test', 'staff', 'active'],
      ['third@fenwickhale.test', 'owner', 'active'],
    ]);
  });

  it('changes a role with user:role, and never leaves the firm without an enabled owner', async () => {
    const refusal = (...args: string[]) =>
      userCommand(site, ...(args as ['role', string, string])).then(
        () => '',
        (error: { stderr: string }) => error.stderr,
      );
    expect(await userCommand(site, 'role', 'second@fenwickhale.test', 'owner')).toContain(
      'second@fenwickhale.test is now an owner',
    );
    expect(await userCommand(site, 'role', 'first@fenwickhale.test', 'staff')).toContain(
      'first@fenwickhale.test is now staff (leads and drafts)',
    );
    expect(await userCommand(site, 'role', 'third@fenwickhale.test', 'staff')).toContain('is now staff');
    expect(await userCommand(site, 'role', 'third@fenwickhale.test', 'staff')).toContain('nothing changed');
    // second@ is now the only owner: it can be neither made staff nor disabled.
    expect(await refusal('role', 'second@fenwickhale.test', 'staff')).toContain(
      'is the last owner who can sign in',
    );
    expect(await refusal('disable', 'second@fenwickhale.test')).toContain(
      'is the last owner who can sign in',
    );
    expect(await refusal('role', 'second@fenwickhale.test', 'admin')).toContain(
      'Use: npm run user:role -- EMAIL owner|staff',
    );
    const roles = (await userCommand(site, 'list'))
      .trim()
      .split('\n')
      .map((line) => line.split('\t').slice(0, 3));
    expect(roles).toEqual([
      ['first@fenwickhale.test', 'staff', 'active'],
      ['second@fenwickhale.test', 'owner', 'active'],
      ['third@fenwickhale.test', 'staff', 'active'],
    ]);
  });

  it('names a user with --name or user:name, refuses a name on two lines, and lists the name last', async () => {
    expect(await userCommand(site, 'add', 'fifth@fenwickhale.test', '--name', 'Ffion Price')).toContain(
      'Added fifth@fenwickhale.test',
    );
    const refused = await userCommand(site, 'name', 'fifth@fenwickhale.test', 'Ffion\nPrice').then(
      () => '',
      (error: { stderr: string }) => error.stderr,
    );
    expect(refused).toContain('The name must be on one line');
    expect(await userCommand(site, 'name', 'second@fenwickhale.test', 'Seren', 'Hughes')).toContain(
      'second@fenwickhale.test is now named Seren Hughes.',
    );
    const names = (await userCommand(site, 'list'))
      .trim()
      .split('\n')
      .map((line) => [line.split('\t')[0], line.split('\t')[5]]);
    expect(names).toEqual(
      expect.arrayContaining([
        ['first@fenwickhale.test', ''],
        ['second@fenwickhale.test', 'Seren Hughes'],
        ['fifth@fenwickhale.test', 'Ffion Price'],
      ]),
    );
  });

  // The other tests run the command in this process; this one runs it as npm does, a process of its own.
  it('runs as a process of its own: what it did on standard output, a refusal in one line and exit code 1', async () => {
    const spawned = (...args: string[]) =>
      runAsProcess('scripts/user.ts', args, {
        DATABASE_URL: `sqlite:${path.join(site.dataDir, 'site.db')}`,
        PUBLIC_URL: site.url,
      });
    expect(await spawned('add', 'fourth@fenwickhale.test')).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('Added fourth@fenwickhale.test as staff (leads and drafts)'),
    });
    expect(await spawned('disable', 'nobody@fenwickhale.test')).toEqual({
      code: 1,
      stdout: `Database: sqlite:${path.join(site.dataDir, 'site.db')}\n`,
      stderr: 'No user nobody@fenwickhale.test.\n',
    });
  });
});
