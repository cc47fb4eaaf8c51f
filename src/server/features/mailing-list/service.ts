import type { Kysely, Transaction } from 'kysely';
import { recordAudit } from '#server/audit/log.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import type { Database, SubscriberConsentTable } from '#server/db/schema.ts';
import { type LeadSource, noSource, recordLeadSource } from '#server/leads/sources.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { enqueueWithinCap, type RecipientCap } from '#server/mail/recipient-cap.ts';
import { derivedToken, hashToken, looksLikeToken, newToken } from '#server/tokens.ts';
import { confirmSubscriptionPage } from '#shared/api/mailing-list.ts';
import { confirmationEmail, type MailingListMailSettings } from './emails.ts';

type Db = Kysely<Database>;

export interface SignUp {
  email: string;
  /** The form it came from, as recorded in the consent trail. */
  source: string;
  /** The words the visitor saw beside the form. */
  wording: string;
  ipAddress: string | null;
  /** Where the visitor came from (leads/sources.ts), kept with a new subscriber. */
  cameFrom?: LeadSource;
}

export interface MailingListServiceOptions {
  db: Db;
  mail: MailingListMailSettings;
  /** The key unsubscribe tokens are derived under (SESSION_SECRET). */
  secret: string;
  /** How many confirmations one address may be sent a day from the forms (mail/recipient-cap.ts). */
  recipientCap: RecipientCap;
  now: () => Date;
}

const resendAfterMs = 60 * 60_000;
const confirmLinkValidMs = 14 * 24 * 60 * 60_000;

export function createMailingListService({ db, mail, secret, recipientCap, now }: MailingListServiceOptions) {
  /**
   * Every email to a subscriber carries the same unsubscribe link, so its token is derived from the address
   * whenever an email needs it, and only its hash is stored (as the hash of the token last sent: an
   * address whose token was random, before tokens were derived, gets the derived one with its next email).
   */
  const unsubscribeToken = (email: string) => derivedToken(secret, 'unsubscribe-link', email);
  const confirmUrl = (token: string) =>
    new URL(`${confirmSubscriptionPage.path}?token=${encodeURIComponent(token)}`, mail.publicUrl).href;

  const recordConsent = (
    trx: Transaction<Database>,
    subscriberId: number,
    event: SubscriberConsentTable['event'],
    source: string,
    details: { wording?: string; ipAddress?: string | null } = {},
  ) =>
    trx
      .insertInto('subscriber_consents')
      .values({
        subscriber_id: subscriberId,
        event,
        source,
        wording: details.wording ?? null,
        ip_address: details.ipAddress ?? null,
        created_at: now().toISOString(),
      })
      .execute();

  async function signUpOnce(signUp: SignUp) {
    const email = signUp.email.trim().toLowerCase();
    const at = now();
    await db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('subscribers')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirst();
      const confirmToken = newToken();
      const unsubscribe = unsubscribeToken(email);
      let subscriber = existing;
      if (!subscriber) {
        subscriber = await trx
          .insertInto('subscribers')
          .values({
            email,
            status: 'pending',
            confirm_token_hash: hashToken(confirmToken),
            confirmation_sent_at: at.toISOString(),
            unsubscribe_token_hash: hashToken(unsubscribe),
            confirmed_at: null,
            unsubscribed_at: null,
            created_at: at.toISOString(),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordLeadSource(
          trx,
          {
            lead_kind: 'subscriber',
            lead_id: subscriber.id,
            opportunity_id: null,
            created_at: at.toISOString(),
          },
          signUp.cameFrom ?? noSource,
        );
      }
      // Already on the list: nothing to record, or anyone could add to a subscriber's consent trail.
      if (existing?.status === 'confirmed') return;
      // Anyone may post any address: a post for one already waiting to confirm is recorded as what it is,
      // a request from that IP address, not as the person's sign-up (shared/consent-words.ts).
      const event = existing?.status === 'pending' ? 'sign-up-repeated' : 'signed-up';
      await recordConsent(trx, subscriber.id, event, signUp.source, signUp);
      if (existing) {
        // A pending address gets the confirmation again at most once an hour, so the form cannot be used
        // to flood someone's inbox; an unsubscribed one that signs up again needs a fresh confirmation,
        // and keeps the dates of its earlier confirmation and unsubscribe (the retention job reads the
        // unsubscribe from the trail to put it back, retention.ts, should this one never be confirmed).
        const sentAt = existing.confirmation_sent_at ? Date.parse(existing.confirmation_sent_at) : 0;
        if (existing.status === 'pending' && at.getTime() - sentAt < resendAfterMs) return;
        await trx
          .updateTable('subscribers')
          .set({
            status: 'pending',
            confirm_token_hash: hashToken(confirmToken),
            confirmation_sent_at: at.toISOString(),
            unsubscribe_token_hash: hashToken(unsubscribe),
          })
          .where('id', '=', existing.id)
          .execute();
      }
      // Past the address's cap for the day the sign-up is kept, pending, without the email.
      await enqueueWithinCap(
        trx,
        recipientCap,
        {
          kind: 'subscription-confirmation',
          message: confirmationEmail(mail.firm(), email, confirmUrl(confirmToken), unsubscribe, mail),
        },
        at,
      );
    });
  }

  return {
    /**
     * Adds an address as pending and sends the confirmation (double opt-in). Says nothing about whether
     * the address was new, pending or confirmed: the caller answers the same either way.
     */
    async signUp(signUp: SignUp): Promise<void> {
      try {
        await signUpOnce(signUp);
      } catch (error) {
        // Two sign-ups of a new address at once: the other one inserted it; this one now finds it.
        if (!isUniqueViolation(error)) throw error;
        await signUpOnce(signUp);
      }
    },

    /**
     * What a confirmation link would do, without doing it: link scanners open every link in an email, so
     * opening the link only shows the button that confirms.
     */
    async findByConfirmToken(
      token: string,
    ): Promise<{ email: string; status: 'pending' | 'confirmed' } | undefined> {
      if (!looksLikeToken(token)) return undefined;
      const subscriber = await db
        .selectFrom('subscribers')
        .select(['email', 'status', 'confirmation_sent_at'])
        .where('confirm_token_hash', '=', hashToken(token))
        .executeTakeFirst();
      if (!subscriber || subscriber.status === 'unsubscribed') return undefined;
      if (subscriber.status === 'pending') {
        const sentAt = Date.parse(subscriber.confirmation_sent_at ?? '');
        if (!(now().getTime() - sentAt < confirmLinkValidMs)) return undefined;
      }
      return { email: subscriber.email, status: subscriber.status };
    },

    /** Confirms with the token of a confirmation link: the subscriber behind it is on the list from now on. */
    async confirm(
      token: string,
      ipAddress: string | null,
    ): Promise<'confirmed' | 'already-confirmed' | 'unknown'> {
      if (!looksLikeToken(token)) return 'unknown';
      return db.transaction().execute(async (trx) => {
        const subscriber = await trx
          .selectFrom('subscribers')
          .selectAll()
          .where('confirm_token_hash', '=', hashToken(token))
          .executeTakeFirst();
        if (!subscriber || subscriber.status === 'unsubscribed') return 'unknown';
        if (subscriber.status === 'confirmed') return 'already-confirmed';
        const sentAt = Date.parse(subscriber.confirmation_sent_at ?? '');
        if (!(now().getTime() - sentAt < confirmLinkValidMs)) return 'unknown';
        await trx
          .updateTable('subscribers')
          // On the list again: an earlier unsubscribe is in the trail, not on the subscriber.
          .set({ status: 'confirmed', confirmed_at: now().toISOString(), unsubscribed_at: null })
          .where('id', '=', subscriber.id)
          .where('status', '=', 'pending')
          .execute();
        await recordConsent(trx, subscriber.id, 'confirmed', 'confirmation-link', { ipAddress });
        return 'confirmed';
      });
    },

    async findByUnsubscribeToken(token: string) {
      if (!looksLikeToken(token)) return undefined;
      return db
        .selectFrom('subscribers')
        .select(['email', 'status'])
        .where('unsubscribe_token_hash', '=', hashToken(token))
        .executeTakeFirst();
    },

    /** Takes the subscriber behind an unsubscribe link off the list, at once; old confirm links die too. */
    async unsubscribe(
      token: string,
      source: 'one-click' | 'unsubscribe-page',
      ipAddress: string | null,
    ): Promise<'unsubscribed' | 'already-unsubscribed' | 'unknown'> {
      if (!looksLikeToken(token)) return 'unknown';
      return db.transaction().execute(async (trx) => {
        const subscriber = await trx
          .selectFrom('subscribers')
          .select(['id', 'status'])
          .where('unsubscribe_token_hash', '=', hashToken(token))
          .executeTakeFirst();
        if (!subscriber) return 'unknown';
        if (subscriber.status === 'unsubscribed') return 'already-unsubscribed';
        await trx
          .updateTable('subscribers')
          .set({ status: 'unsubscribed', unsubscribed_at: now().toISOString(), confirm_token_hash: null })
          .where('id', '=', subscriber.id)
          .execute();
        await recordConsent(trx, subscriber.id, 'unsubscribed', source, { ipAddress });
        return 'unsubscribed';
      });
    },

    /**
     * A member of staff takes an address off the list (asked by phone, say): recorded in the consent
     * trail as the visitor's own unsubscribe is, from `back-office`, and in the audit log with who did it,
     * in one transaction. The subscriber and their consent record are kept.
     */
    async unsubscribeByStaff(
      address: string,
      staff: { userId: number; ipAddress: string | null },
    ): Promise<'unsubscribed' | 'already-unsubscribed' | 'unknown'> {
      const email = address.trim().toLowerCase();
      return db.transaction().execute(async (trx) => {
        const subscriber = await trx
          .selectFrom('subscribers')
          .select(['id', 'status'])
          .where('email', '=', email)
          .executeTakeFirst();
        if (!subscriber) return 'unknown';
        const at = now();
        // Only a subscriber still on the list changes, so a visitor's click at the same moment is not
        // recorded twice.
        const changed = await trx
          .updateTable('subscribers')
          .set({ status: 'unsubscribed', unsubscribed_at: at.toISOString(), confirm_token_hash: null })
          .where('id', '=', subscriber.id)
          .where('status', '!=', 'unsubscribed')
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) === 0) return 'already-unsubscribed';
        await recordConsent(trx, subscriber.id, 'unsubscribed', 'back-office', {
          ipAddress: staff.ipAddress,
        });
        await recordAudit(
          trx,
          { userId: staff.userId, action: 'subscriber.unsubscribed', subject: email },
          at,
        );
        return 'unsubscribed';
      });
    },

    /**
     * Sends a subscriber who has not confirmed the same confirmation email again, with a new link. Only
     * the newest link's hash is kept, so the earlier link stops working. At most once an hour per address,
     * counting the sign-up form's sends: the check and the new send time are one conditional update, so
     * two clicks at once send one email.
     */
    async resendConfirmation(
      address: string,
      userId: number,
    ): Promise<'sent' | 'not-pending' | 'too-soon' | 'unknown'> {
      const email = address.trim().toLowerCase();
      return db.transaction().execute(async (trx) => {
        const subscriber = await trx
          .selectFrom('subscribers')
          .select(['id', 'status'])
          .where('email', '=', email)
          .executeTakeFirst();
        if (!subscriber) return 'unknown';
        if (subscriber.status !== 'pending') return 'not-pending';
        const at = now();
        const confirmToken = newToken();
        const unsubscribe = unsubscribeToken(email);
        const changed = await trx
          .updateTable('subscribers')
          .set({
            confirm_token_hash: hashToken(confirmToken),
            confirmation_sent_at: at.toISOString(),
            unsubscribe_token_hash: hashToken(unsubscribe),
          })
          .where('id', '=', subscriber.id)
          .where('status', '=', 'pending')
          .where((eb) =>
            eb.or([
              eb('confirmation_sent_at', 'is', null),
              eb('confirmation_sent_at', '<=', new Date(at.getTime() - resendAfterMs).toISOString()),
            ]),
          )
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) === 0) return 'too-soon';
        await enqueueMail(
          trx,
          'subscription-confirmation',
          confirmationEmail(mail.firm(), email, confirmUrl(confirmToken), unsubscribe, mail),
          at,
        );
        await recordAudit(trx, { userId, action: 'subscriber.confirmation-resent', subject: email }, at);
        return 'sent';
      });
    },
  };
}

export type MailingListService = ReturnType<typeof createMailingListService>;
