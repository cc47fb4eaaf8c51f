import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { MailingListService } from '#server/features/mailing-list/index.ts';
import { withFreshReference } from '#server/leads/fresh-reference.ts';
import { leadOwner } from '#server/leads/opportunities.ts';
import { noSource, recordLeadSource } from '#server/leads/sources.ts';
import { enqueueWithinCap, type RecipientCap } from '#server/mail/recipient-cap.ts';
import { consentWording } from '#shared/mailing-list.ts';
import { type EnquiryMailSettings, enquiryAcknowledgement, staffEnquiryNotice } from './emails.ts';
import type { Enquiry } from './enquiry.ts';

export interface EnquiryServiceOptions {
  db: Kysely<Database>;
  mail: EnquiryMailSettings;
  mailingList: Pick<MailingListService, 'signUp'>;
  /** How many acknowledgements one address may be sent a day (mail/recipient-cap.ts). */
  recipientCap: RecipientCap;
  now: () => Date;
}

export function createEnquiryService({ db, mail, mailingList, recipientCap, now }: EnquiryServiceOptions) {
  return {
    /**
     * Stores the enquiry and queues the staff's notice and the visitor's acknowledgement in one transaction.
     * An opt-in signs the address up first (pending, double opt-in): if either step fails the visitor is
     * told, and sending again repeats nothing that matters (a pending address is not mailed twice an hour).
     */
    async submit(enquiry: Enquiry): Promise<{ reference: string }> {
      if (enquiry.details.optin) {
        const form = enquiry.kind === 'contact' ? 'contact-form' : 'quote-form';
        await mailingList.signUp({
          email: enquiry.email,
          source: form,
          wording: consentWording(form, mail.firm().name),
          ipAddress: enquiry.ipAddress,
          cameFrom: enquiry.cameFrom,
        });
      }
      const reference = await db.transaction().execute(async (trx) => {
        const at = now();
        // A contact enquiry's "organisation" is the visitor's profession or trade: no organisation of theirs.
        // The instant quote asks for none.
        const contact = {
          ...enquiry,
          organisation: enquiry.kind === 'quote' && enquiry.organisation ? enquiry.organisation : null,
        };
        const owner = await leadOwner(trx, contact, enquiry.kind === 'quote' ? 'quote' : 'enquiry', at);
        const { id, reference } = await withFreshReference(mail.firm().referencePrefix, (reference) =>
          trx
            .insertInto('enquiries')
            .values({
              reference,
              ...owner,
              kind: enquiry.kind,
              name: enquiry.name,
              email: enquiry.email,
              organisation: enquiry.organisation,
              phone: enquiry.phone,
              postcode: enquiry.postcode,
              message: enquiry.message,
              details: JSON.stringify(enquiry.details),
              ip_address: enquiry.ipAddress,
              created_at: at.toISOString(),
            })
            .onConflict((conflict) => conflict.column('reference').doNothing())
            .returning(['id', 'reference'])
            .executeTakeFirst(),
        );
        await recordLeadSource(
          trx,
          {
            lead_kind: 'enquiry',
            lead_id: id,
            opportunity_id: owner.opportunity_id,
            created_at: at.toISOString(),
          },
          enquiry.cameFrom ?? noSource,
        );
        // Past the address's cap for the day the enquiry is kept and the staff told, without the email.
        await enqueueWithinCap(
          trx,
          recipientCap,
          {
            kind: `${enquiry.kind}-acknowledgement`,
            message: enquiryAcknowledgement(mail.firm(), reference, enquiry),
          },
          at,
          {
            before: [
              {
                kind: `${enquiry.kind}-staff-notice`,
                message: staffEnquiryNotice(mail.firm(), reference, enquiry, mail),
              },
            ],
          },
        );
        return reference;
      });
      return { reference };
    },
  };
}

export type EnquiryService = ReturnType<typeof createEnquiryService>;
