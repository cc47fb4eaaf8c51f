import { LiveFirm, siteFirmNow } from '#server/features/firm/index.ts';
// What `npm run user:…` does (scripts/user.ts runs it as its own process).

import { createAccountService } from '#server/features/accounts/service.ts';
import { systemClock } from '#server/time/clock.ts';
import { staffNameSchema } from '#shared/api/back-office-staff.ts';
import { backOfficeMessages, type StaffRole, staffRoles } from '#shared/back-office.ts';
import { emailAddressProblem } from '#shared/email.ts';
import { type CommandIo, runOnDatabase, UsageError } from './command.ts';

const usage =
  'Use: npm run user:add -- EMAIL [--name "NAME"] [--owner] | npm run user:list | npm run user:name -- EMAIL "NAME" | npm run user:disable -- EMAIL | npm run user:enable -- EMAIL | npm run user:role -- EMAIL owner|staff';

/** A name as the back office takes it, or the reason it is refused. */
function staffName(typed: string): string {
  const name = staffNameSchema.safeParse(typed);
  if (!name.success) throw new UsageError(`${name.error.issues[0]?.message}: ${usage}`);
  return name.data;
}

/** `--owner` and `--name NAME` taken out of the arguments, which are left in order. */
function options(args: string[]) {
  const rest = [...args];
  const at = rest.indexOf('--name');
  const name = at === -1 ? null : staffName(rest.splice(at, 2)[1] ?? '');
  const owner = rest.includes('--owner');
  return { owner, name, rest: rest.filter((arg) => arg !== '--owner') };
}

const lastOwner =
  'is the last owner who can sign in: make someone else an owner first (npm run user:role -- EMAIL owner).';

/** The user commands on the database `io.env` names: their exit code. */
export const userCommand = (io: CommandIo) =>
  runOnDatabase(io, async (db, config) => {
    const { owner, name, rest } = options(io.args);
    const [command, email = '', role = ''] = rest;
    const firm = new LiveFirm(db, config.publicUrl);
    await firm.refresh();
    const accounts = createAccountService({
      db,
      publicUrl: config.publicUrl,
      now: systemClock,
      firm: () => siteFirmNow(firm),
    });
    if (command === 'list') {
      const users = await accounts.listUsers();
      if (users.length === 0) io.print('No users yet. Add one with: npm run user:add -- EMAIL');
      for (const user of users) {
        const password = user.password_changed_at ? 'password set' : 'no password yet';
        io.print(
          `${user.email}\t${user.role}\t${user.status}\t${password}\tadded ${user.created_at}\t${user.name ?? ''}`,
        );
      }
      return;
    }
    const problem = emailAddressProblem(email);
    if (problem) throw new UsageError(`${problem}: npm run user:${command} -- EMAIL`);
    if (command === 'add') {
      const outcome = await accounts.addUser(email, null, { role: owner ? 'owner' : 'staff', name });
      const role = (await accounts.listUsers()).find((user) => user.email === email.toLowerCase())?.role;
      if (outcome === 'name-taken') throw new UsageError(`Not added: ${backOfficeMessages.staffNameTaken}.`);
      io.print(
        outcome === 'added'
          ? `Added ${email} as ${role === 'owner' ? 'an owner' : 'staff (leads and drafts)'}; a link to choose a password is on its way (it works for seven days).`
          : `${email} already has an account. To send a new link, use 'Forgotten your password?' on the login page.`,
      );
    } else if (command === 'name') {
      const newName = staffName(rest.slice(2).join(' '));
      const outcome = await accounts.renameUser(email, newName, null);
      if (outcome === 'no-such-user') throw new UsageError(`No user ${email}.`);
      if (outcome === 'name-taken')
        throw new UsageError(`Not renamed: ${backOfficeMessages.staffNameTaken}.`);
      io.print(`${email} is now named ${newName}.`);
    } else if (command === 'disable') {
      const outcome = await accounts.disableUser(email, null);
      if (outcome === 'no-such-user') throw new UsageError(`No user ${email}.`);
      if (outcome === 'last-owner') throw new UsageError(`Not disabled: ${email} ${lastOwner}`);
      io.print(`Disabled ${email}: signed out everywhere, and can no longer sign in.`);
    } else if (command === 'enable') {
      const outcome = await accounts.enableUser(email, null);
      if (outcome === 'no-such-user') throw new UsageError(`No user ${email}.`);
      io.print(
        outcome === 'enabled'
          ? `Re-enabled ${email}: they can sign in again with their password.`
          : `${email} is not disabled; nothing changed.`,
      );
    } else if (command === 'role') {
      if (!staffRoles.includes(role as StaffRole)) {
        throw new UsageError('Use: npm run user:role -- EMAIL owner|staff');
      }
      const outcome = await accounts.changeRole(email, role as StaffRole, null);
      if (outcome === 'no-such-user') throw new UsageError(`No user ${email}.`);
      if (outcome === 'last-owner') throw new UsageError(`Not changed: ${email} ${lastOwner}`);
      const described = role === 'owner' ? 'an owner' : 'staff (leads and drafts)';
      io.print(
        outcome === 'changed'
          ? `${email} is now ${described}, at once in every browser they are signed in on.`
          : `${email} is already ${described}; nothing changed.`,
      );
    } else {
      throw new UsageError(usage);
    }
  });
