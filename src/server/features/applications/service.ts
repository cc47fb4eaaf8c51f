import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { withFreshReference } from '#server/leads/fresh-reference.ts';
import { leadOwner } from '#server/leads/opportunities.ts';
import { type LeadSource, noSource, recordLeadSource } from '#server/leads/sources.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import type { AnswersAsAsked, ApplicationAnswers } from '#shared/application.ts';
import { type ApplicationMailSettings, applicationDetails, staffApplicationNotice } from './emails.ts';

export interface ApplicationServiceOptions {
  db: Kysely<Database>;
  mail: ApplicationMailSettings;
  now: () => Date;
}

/** An application as another feature sees it: its id to link to, and its answers to pass on. */
export interface LinkedApplication {
  id: number;
  details: string[];
}

export function createApplicationService({ db, mail, now }: ApplicationServiceOptions) {
  return {
    /** Stores the answers and queues the staff's notice in one transaction; answers the reference. */
    async submit(
      answers: ApplicationAnswers,
      { askedAs = {}, ownAnswers = [], cameFrom = noSource }: AnswersAsAsked & { cameFrom?: LeadSource } = {},
    ): Promise<{ reference: string }> {
      const stored: ApplicationAnswers & AnswersAsAsked = {
        ...answers,
        ...(Object.keys(askedAs).length > 0 && { askedAs }),
        ...(ownAnswers.length > 0 && { ownAnswers }),
      };
      const reference = await db.transaction().execute(async (trx) => {
        const at = now();
        const owner = await leadOwner(
          trx,
          { email: answers.emailAddress, name: answers.yourName, organisation: answers.businessName },
          'application',
          at,
        );
        const { id, reference } = await withFreshReference(mail.firm().referencePrefix, (reference) =>
          trx
            .insertInto('applications')
            .values({
              reference,
              ...owner,
              email: answers.emailAddress,
              your_name: answers.yourName,
              business_name: answers.businessName,
              answers: JSON.stringify(stored),
              created_at: at.toISOString(),
            })
            .onConflict((conflict) => conflict.column('reference').doNothing())
            .returning(['id', 'reference'])
            .executeTakeFirst(),
        );
        await recordLeadSource(
          trx,
          {
            lead_kind: 'application',
            lead_id: id,
            opportunity_id: owner.opportunity_id,
            created_at: at.toISOString(),
          },
          cameFrom,
        );
        await enqueueMail(
          trx,
          'application-staff-notice',
          staffApplicationNotice(mail.firm(), reference, stored, mail),
          at,
        );
        return reference;
      });
      return { reference };
    },

    /**
     * The application a booking names, linked only when the booking comes from the same email address:
     * a reference is short enough to read out, so knowing one must not show someone else's answers to the
     * staff as a stranger's. `null` when it exists under another address, undefined when there is none.
     */
    async findForBooking(reference: string, email: string): Promise<LinkedApplication | null | undefined> {
      const row = await db
        .selectFrom('applications')
        .select(['id', 'email', 'answers'])
        .where('reference', '=', reference)
        .executeTakeFirst();
      if (!row) return undefined;
      if (row.email.toLowerCase() !== email.toLowerCase()) return null;
      return { id: row.id, details: applicationDetails(reference, JSON.parse(row.answers)) };
    },
  };
}

export type ApplicationService = ReturnType<typeof createApplicationService>;
