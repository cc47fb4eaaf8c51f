import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { call, problemText } from '#client/lib/api-client.ts';
import {
  allowAvailability,
  changeStaffRole,
  disableStaff,
  enableStaff,
  inviteStaff,
  listStaff,
  type StaffMember,
  staffNameField,
} from '#shared/api/back-office-staff.ts';
import type { StaffRole } from '#shared/back-office.ts';
import { AuditLog } from './AuditLog.tsx';
import { draftRestoredMessage, useKeptValue } from './drafts.ts';
import { Feedback } from './Feedback.tsx';
import { when } from './format.ts';
import { ScrollBox } from './ScrollBox.tsx';
import { SignedInNow } from './SignedInNow.tsx';
import { useEndpoint } from './useEndpoint.ts';
import { YourSessions } from './YourSessions.tsx';

const roleNames: Record<StaffRole, string> = {
  staff: 'Staff: leads and drafts',
  owner: 'Owner: everything',
};

/**
 * Who can sign in: invite by name and email, disable, re-enable, make an owner or staff; your own sessions; and the
 * audit log. Your own row has no actions: another owner (or the command line) changes your account.
 * A row's buttons show only what they do, the row showing whose they are, so the table fits a window;
 * their names say both ("Disable Ann Lee"), for a screen reader.
 */
export function StaffManager({ you, yourAccount }: { you: string; yourAccount: ReactNode }) {
  const list = useEndpoint(listStaff, {});
  const staff = list.data ?? [];
  // Bumped after each change: the audit log starts afresh, showing it.
  const [auditVersion, setAuditVersion] = useState(0);
  // The address being invited is kept as a draft until the invitation goes.
  const [email, setEmail, restored, clearEmail] = useKeptValue('invite:email', '');
  const [name, setName, , clearName] = useKeptValue('invite:name', '');
  const [role, setRole] = useState<StaffRole>('staff');
  const [status, setStatus] = useState(restored ? draftRestoredMessage : '');
  const [problem, setProblem] = useState<string | null>(null);

  // A row's button that was pressed may be gone once the table reloads (Disable becomes Re-enable): the
  // keyboard goes on from that row's new first button rather than fall back to the top of the page.
  const [focusRowOf, setFocusRowOf] = useState<string | null>(null);
  useEffect(() => {
    if (focusRowOf === null) return;
    const actions = document.querySelector(`[data-actions-for="${CSS.escape(focusRowOf)}"]`);
    actions?.querySelector('button')?.focus();
    setFocusRowOf(null);
  }, [focusRowOf]);

  // Each action starts with a clean slate: what the last one said no longer stands beside its outcome.
  const act = async (action: () => Promise<{ infoMessages: string[] }>, row?: string) => {
    setProblem(null);
    setStatus('');
    try {
      setStatus((await action()).infoMessages.join(' '));
      setAuditVersion((version) => version + 1);
      await list.reload();
      if (row) setFocusRowOf(row);
      return true;
    } catch (error) {
      setProblem(problemText(error));
      return false;
    }
  };

  const invite = async (event: FormEvent) => {
    event.preventDefault();
    if (await act(() => call(inviteStaff, { body: { email, name, role } }))) {
      clearEmail();
      clearName();
    }
  };

  return (
    <section aria-labelledby="staff-title">
      <h1 id="staff-title">Staff</h1>
      <Feedback status={status} problems={problem ?? list.problem} />
      <ScrollBox label="Staff">
        <table className="bo-table bo-table--cards">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Status</th>
              <th scope="col">Role</th>
              <th scope="col">Added</th>
              <th scope="col">
                <span className="visually-hidden">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {staff.map((member) => (
              <tr key={member.email}>
                <td data-label="Name">{member.name ?? <span className="bo-muted">No name yet</span>}</td>
                <td data-label="Email">{member.email}</td>
                <td data-label="Status">
                  {member.status === 'disabled' ? 'Disabled' : member.passwordSet ? 'Active' : 'Invited'}
                </td>
                <td data-label="Role">
                  {member.role === 'staff' && member.managesAvailability
                    ? 'Staff: leads, drafts and availability'
                    : roleNames[member.role]}
                </td>
                <td data-label="Added">{when(member.createdAt)}</td>
                <td>
                  {/* The buttons wrap in a box of their own: a flexible cell would lose its place in the row. */}
                  <div className="bo-actions" data-actions-for={member.email}>
                    {member.role === 'staff' && member.status === 'active' && (
                      <button
                        type="button"
                        className="button button--secondary"
                        onClick={() =>
                          void act(
                            () =>
                              call(allowAvailability, {
                                body: { email: member.email, allowed: !member.managesAvailability },
                              }),
                            member.email,
                          )
                        }
                      >
                        {member.managesAvailability ? 'Stop ' : 'Let '}
                        <span className="visually-hidden">{nameOf(member)} </span>
                        {member.managesAvailability ? 'managing availability' : 'manage availability'}
                      </button>
                    )}
                    {member.email !== you && (
                      <button
                        type="button"
                        className="button button--secondary"
                        onClick={() => {
                          const role: StaffRole = member.role === 'owner' ? 'staff' : 'owner';
                          const question =
                            role === 'owner'
                              ? `Make ${nameOf(member)} an owner? They will be able to manage staff, settings and data protection.`
                              : `Make ${nameOf(member)} staff? They will have the leads, and write drafts for an owner to publish, from their next click.`;
                          if (window.confirm(question)) {
                            void act(
                              () => call(changeStaffRole, { body: { email: member.email, role } }),
                              member.email,
                            );
                          }
                        }}
                      >
                        Make <span className="visually-hidden">{nameOf(member)} </span>
                        {member.role === 'owner' ? 'staff' : 'an owner'}
                      </button>
                    )}
                    {member.status === 'active' && member.email !== you && (
                      <button
                        type="button"
                        className="button button--secondary"
                        onClick={() => {
                          if (
                            window.confirm(`Disable ${nameOf(member)}? They will be signed out everywhere.`)
                          ) {
                            void act(
                              () => call(disableStaff, { body: { email: member.email } }),
                              member.email,
                            );
                          }
                        }}
                      >
                        Disable<span className="visually-hidden"> {nameOf(member)}</span>
                      </button>
                    )}
                    {member.status === 'disabled' && (
                      <button
                        type="button"
                        className="button button--secondary"
                        onClick={() =>
                          void act(() => call(enableStaff, { body: { email: member.email } }), member.email)
                        }
                      >
                        Re-enable<span className="visually-hidden"> {nameOf(member)}</span>
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      <form className="bo-inline-form" onSubmit={invite}>
        <label>
          Invite by email
          <input type="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
        </label>
        <label>
          Their name
          <input
            required
            maxLength={staffNameField.max}
            autoComplete="off"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </label>
        <label>
          Role
          <select value={role} onChange={(event) => setRole(event.target.value as StaffRole)}>
            <option value="staff">{roleNames.staff}</option>
            <option value="owner">{roleNames.owner}</option>
          </select>
        </label>
        <button type="submit" className="button">
          Send invitation
        </button>
      </form>

      <SignedInNow />
      {yourAccount}
      <YourSessions onEnded={() => setAuditVersion((version) => version + 1)} />

      <AuditLog key={auditVersion} />
    </section>
  );
}

/** What colleagues call them: their name, or their address until they give one. */
const nameOf = (member: StaffMember) => member.name ?? member.email;
