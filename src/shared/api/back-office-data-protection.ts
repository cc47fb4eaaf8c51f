import { backOfficeApi, backOfficeMessages } from '../back-office.ts';
import { z } from '../zod.ts';
import { emailBodySchema } from './back-office-staff.ts';
import { endpoint, formAnswerSchema, refusal } from './endpoint.ts';

// Data-protection requests about one email address (matched in any case): everything the site holds
// about it, or erasing it. Both are recorded in the audit log.

const emailRefused = refusal.describe(
  `Not an email address: "${backOfficeMessages.email}", or what is wrong with the address.`,
);

export const exportPersonalData = endpoint({
  method: 'POST',
  path: `${backOfficeApi}/data-protection/export`,
  access: 'owner',
  tag: 'Back office',
  summary: 'Everything the site holds about an email address, as a JSON attachment',
  description:
    'The address and the time of the export, then each kind of lead under its own key (enquiries, applications, bookings with their adviser and where each stands in the adviser’s diary, subscription with the newsletters sent to it), the staff notes and stage changes on those leads with who made them, the emails to or about the address with their tries and last error, the names of the email files in MAIL_DIR that name it, a staff account with its sessions and sign-in throttles, the audit entries that name the address, and the audit entries and sign-in throttles tied to it by an internet address stored with it.',
  body: emailBodySchema,
  answers: {
    200: z
      .looseObject({ email: z.string(), exportedAt: z.string() })
      .describe('Sent as the attachment personal-data-{email}.json.'),
    422: emailRefused,
  },
});

export const erasePersonalData = endpoint({
  method: 'POST',
  path: `${backOfficeApi}/data-protection/erase`,
  access: 'owner',
  tag: 'Back office',
  summary: 'Erase an email address everywhere; the audit log keeps a pseudonym in its place',
  body: emailBodySchema,
  answers: {
    200: formAnswerSchema
      .extend({
        erased: z.record(z.string(), z.number()).describe('How many of each kind of record were erased.'),
      })
      .describe(`Erased: infoMessages is ["${backOfficeMessages.erased}"].`),
    422: refusal.describe(`Not an email address, or your own: "${backOfficeMessages.notYourselfErased}"`),
  },
});
