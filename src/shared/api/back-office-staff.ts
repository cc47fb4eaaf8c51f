import { auditKinds } from '../audit.ts';
import { backOfficeApi, backOfficeMessages, pageSize, staffRoles } from '../back-office.ts';
import { emailAddressProblem } from '../email.ts';
import { type Field, hasVisibleLetter, invisibleCharacters, lineFieldSchema } from '../form-fields.ts';
import { z } from '../zod.ts';
import { endpoint, formAnswerSchema, refusal } from './endpoint.ts';
import { cursorSchema } from './lead-lists.ts';

// The firm's staff: who has an account, inviting, disabling and re-enabling someone; each signed-in
// user's own sessions; and the audit log of what staff did and of every sign-in.

/** The body of a staff request about one email address: `{ email }`, trimmed. */
export const emailBodySchema = z
  .object({
    // Our own words for no address, or one that is not text or too long, so that no refusal quotes Zod.
    email: z
      .string({ error: backOfficeMessages.email })
      .trim()
      .max(254, { error: backOfficeMessages.email })
      .superRefine((email, context) => {
        const problem = emailAddressProblem(email);
        if (problem) context.addIssue({ code: 'custom', message: problem });
      }),
  })
  .strict();

/** What colleagues and the firm's emails call a member of staff: one line, as they write it. */
export const staffNameField: Field & { kind: 'line' } = {
  kind: 'line',
  max: 80,
  label: 'Name',
  missing: backOfficeMessages.staffName,
  short: 'The name',
  autoComplete: 'name',
};

/**
 * A name as it compares with others: what shows of it, in any case, any apostrophe and any spacing.
 * Two members may not have names that read alike, so a timeline never leaves a doubt who acted.
 */
export const staffNameKey = (name: string) =>
  name
    .normalize('NFKC')
    .replace(invisibleCharacters, '')
    .replace(/[’‘`´]/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/**
 * A member's name: one line a person could type, with a letter in it and no email address. What the line
 * itself refuses (nothing typed, a line break) is said alone: one message a problem.
 */
export const staffNameSchema = lineFieldSchema(staffNameField)
  .refine((name) => name === '' || /[\r\n\u2028\u2029]/.test(name) || hasVisibleLetter(name), {
    error: backOfficeMessages.staffNameLetter,
  })
  .refine((name) => /[\r\n\u2028\u2029]/.test(name) || !name.includes('@'), {
    error: backOfficeMessages.staffNameAddress,
  });

/** An invitation: the address, their name, and what the account may do (`staff` unless said otherwise). */
export const inviteBodySchema = emailBodySchema.extend({
  name: staffNameSchema,
  role: z.enum(staffRoles, { error: backOfficeMessages.role }).default('staff'),
});

export const staffMemberSchema = z.object({
  email: z.string(),
  name: z.string().nullable().describe('Null for an account made before staff were asked for a name.'),
  status: z.enum(['active', 'disabled']),
  role: z.enum(staffRoles),
  /** False for someone invited who has not chosen a password yet. */
  passwordSet: z.boolean(),
  managesAvailability: z
    .boolean()
    .describe('An owner, or a member of staff an owner lets keep the calendar’s availability.'),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

const emailRefused = refusal.describe(
  `Not an email address: "${backOfficeMessages.email}", or what is wrong with the address.`,
);

export const listStaff = endpoint({
  method: 'GET',
  path: `${backOfficeApi}/staff`,
  access: 'owner',
  tag: 'Back office',
  summary: 'Everyone with a staff account, by email address',
  answers: {
    200: z
      .array(staffMemberSchema)
      .describe(
        'Each account: its address, active or disabled, owner or staff, whether a password is set, when it was added.',
      ),
  },
});

export const inviteStaff = endpoint({
  method: 'POST',
  path: `${backOfficeApi}/staff`,
  access: 'owner',
  tag: 'Back office',
  summary: 'Invite someone: an account, and an email with a link to choose a password',
  body: inviteBodySchema,
  answers: {
    201: formAnswerSchema.describe(`Invited: infoMessages is ["${backOfficeMessages.invited}"].`),
    409: refusal.describe(`"${backOfficeMessages.staffExists}", or "${backOfficeMessages.staffNameTaken}"`),
    422: refusal.describe(
      `Not an email address ("${backOfficeMessages.email}", or what is wrong with the address), no name ("${backOfficeMessages.staffName}", or what is wrong with it), or "${backOfficeMessages.role}".`,
    ),
  },
});

export const renameYourself = endpoint({
  method: 'POST',
  path: `${backOfficeApi}/me/name`,
  access: 'staff',
  tag: 'Back office',
  summary: 'Change your own name: what timelines, the audit log and your emails to leads show',
  body: z.object({ name: staffNameSchema }).strict(),
  answers: {
    200: formAnswerSchema.describe(`Saved: infoMessages is ["${backOfficeMessages.renamed}"].`),
    409: refusal.describe(`"${backOfficeMessages.staffNameTaken}"`),
    422: refusal.describe(`"${backOfficeMessages.staffName}", or what is wrong with the name.`),
  },
});

export const disableStaff = endpoint({
  method: 'POST',
  path: `${backOfficeApi}/staff/disable`,
  access: 'owner',
  tag: 'Back office',
  summary: 'Disable an account: signed out everywhere, and no more sign-ins',
  body: emailBodySchema,
  answers: {
    200: formAnswerSchema.describe(`Disabled: infoMessages is ["${backOfficeMessages.disabled}"].`),
    404: refusal.describe(`"${backOfficeMessages.noSuchStaff}"`),
    409: refusal.describe(`The last owner who can sign in: "${backOfficeMessages.lastOwner}"`),
    422: refusal.describe(`Not an email address, or your own: "${backOfficeMessages.notYourself}"`),
  },
});

export const enableStaff = endpoint({
  method: 'POST',
  path: `${backOfficeApi}/staff/enable`,
  access: 'owner',
  tag: 'Back office',
  summary: 'Re-enable a disabled account: it signs in again with the password it had',
  body: emailBodySchema,
  answers: {
    200: formAnswerSchema.describe(`Re-enabled: infoMessages is ["${backOfficeMessages.enabled}"].`),
    404: refusal.describe(`"${backOfficeMessages.noSuchStaff}"`),
    409: refusal.describe(`"${backOfficeMessages.notDisabled}"`),
    422: emailRefused,
  },
});

/** A change of role: the account's address, and what it may do from now on. */
export const roleBodySchema = emailBodySchema.extend({
  role: z.enum(staffRoles, { error: backOfficeMessages.role }),
});

export const changeStaffRole = endpoint({
  method: 'POST',
  path: `${backOfficeApi}/staff/role`,
  access: 'owner',
  tag: 'Back office',
  summary: "Change an account's role (owner or staff): it applies at once to its sessions",
  body: roleBodySchema,
  answers: {
    200: formAnswerSchema.describe(`Changed: infoMessages is ["${backOfficeMessages.roleChanged}"].`),
    404: refusal.describe(`"${backOfficeMessages.noSuchStaff}"`),
    409: refusal.describe(
      `"${backOfficeMessages.alreadyThatRole}", or the last owner who can sign in would be made staff: "${backOfficeMessages.lastOwner}"`,
    ),
    422: refusal.describe(
      `Not an email address ("${backOfficeMessages.email}", or what is wrong with the address), or "${backOfficeMessages.role}".`,
    ),
  },
});

export const allowAvailability = endpoint({
  method: 'POST',
  path: `${backOfficeApi}/staff/availability`,
  access: 'owner',
  tag: 'Back office',
  summary:
    'Let a member of staff keep the calendar’s availability (working hours, blocked dates and times), or stop them',
  body: emailBodySchema.extend({ allowed: z.boolean({ error: backOfficeMessages.allowedChoice }) }),
  answers: {
    200: formAnswerSchema.describe(
      `Changed: infoMessages is ["${backOfficeMessages.availabilityAllowed}"] or ["${backOfficeMessages.availabilityStopped}"].`,
    ),
    404: refusal.describe(`"${backOfficeMessages.noSuchStaff}"`),
    409: refusal.describe(
      `They may already (or already may not): "${backOfficeMessages.alreadyThatChoice}"; or they are an owner, who always may: "${backOfficeMessages.ownersManageAvailability}".`,
    ),
    422: refusal.describe(
      `Not an email address ("${backOfficeMessages.email}", or what is wrong with the address), or "${backOfficeMessages.allowedChoice}".`,
    ),
  },
});

export const auditEntrySchema = z.object({
  action: z.string(),
  subject: z.string(),
  /** JSON, as recorded. */
  detail: z.string(),
  at: z.string(),
  /** Who acted: the member of staff's name and address ("Jane Smith (jane@…)"), or null when nobody was signed in. */
  by: z.string().nullable(),
  /** Where a sign-in event came from, when it was recorded. */
  ipAddress: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogQuerySchema = z
  .object({
    /** Staff actions unless sign-in events are asked for. */
    kind: z.enum(auditKinds).default('staff'),
    after: cursorSchema.optional(),
  })
  .strict();

export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  next: z.string().nullable().describe('Where this page ended, for `after`; null on the last page.'),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

export const readAuditLog = endpoint({
  method: 'GET',
  path: `${backOfficeApi}/audit-log`,
  access: 'owner',
  tag: 'Back office',
  summary: 'A page of the audit log, newest first: staff actions, or (kind=sign-in) sign-in events',
  query: auditLogQuerySchema,
  answers: {
    200: auditPageSchema.describe(`Up to ${pageSize} entries, and where the next page starts.`),
    400: refusal.describe(`A filter it cannot read, named: "${backOfficeMessages.filter('kind')}"`),
  },
});

/** One of the signed-in user's own sessions. */
export const ownSessionSchema = z.object({
  session: z
    .string()
    .describe(
      'An opaque handle for ending it: derived from what the database keeps, never the cookie value.',
    ),
  kind: z
    .enum(['browser', 'remembered'])
    .describe('`remembered` if “Keep me signed in” was ticked (30 days).'),
  startedAt: z.string(),
  lastSeen: z.string(),
  browser: z
    .string()
    .describe('The browser and system it signed in from, in a few words ("Chrome on Linux"), or "Unknown".'),
  current: z.boolean().describe('True for the session making this request.'),
});
export type OwnSession = z.infer<typeof ownSessionSchema>;

export const listOwnSessions = endpoint({
  method: 'GET',
  path: `${backOfficeApi}/sessions`,
  access: 'staff',
  tag: 'Back office',
  summary: 'Your own sessions: every browser signed in as you, most recently active first',
  answers: {
    200: z.array(ownSessionSchema).describe('Each session that has not ended or expired.'),
  },
});

export const endOwnSession = endpoint({
  method: 'POST',
  path: `${backOfficeApi}/sessions/end`,
  access: 'staff',
  tag: 'Back office',
  summary: 'End one of your own sessions: that browser is signed out',
  body: z
    .object({
      session: z
        .string({ error: backOfficeMessages.sessionToEnd })
        .trim()
        .min(1, { error: backOfficeMessages.sessionToEnd })
        .max(100, { error: backOfficeMessages.sessionToEnd }),
    })
    .strict(),
  answers: {
    200: formAnswerSchema.describe(`Ended: infoMessages is ["${backOfficeMessages.sessionEnded}"].`),
    404: refusal.describe(
      `No session of yours has that handle (another user's is never found): "${backOfficeMessages.noSuchSession}"`,
    ),
    422: refusal.describe(
      `No handle, or not one as the sessions list gives it: "${backOfficeMessages.sessionToEnd}"`,
    ),
  },
});
