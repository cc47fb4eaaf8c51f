import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Db } from '#server/db/database.ts';
import { perMinute } from '#server/http/rate-limit.ts';
import { postedFromUnreferredPages } from '#server/http/same-origin.ts';
import { serve } from '#server/http/serve.ts';
import { html, type SafeHtml, type ServerPages } from '#server/http/server-page.ts';
import { enqueueMails } from '#server/mail/outbox.ts';
import type { Clock } from '#server/time/clock.ts';
import {
  acceptProposal,
  declineProposal,
  proposalPage,
  proposalPageMessages as say,
} from '#shared/api/proposal-page.ts';
import { hasVisibleLetter, isTypedText } from '#shared/form-fields.ts';
import { shownText } from '#shared/proposals.ts';
import { afterAcceptance } from './after-acceptance.ts';
import { answeredHtml, nothingTyped, type Problems, proposalHtml, type Typed } from './client-page.ts';
import {
  acceptanceOf,
  type ClientProposal,
  markViewed,
  proposalByToken,
  recordAcceptance,
  recordDecline,
  type Standing,
  standingOf,
  whileOpen,
} from './client-records.ts';
import { engagementLetter } from './engagement-letter.ts';
import { type LogoSource, letterLogo } from './letter-logo.ts';
import { declineMail } from './letter-mail.ts';
import { currentTerms } from './terms.ts';
import { dateTimeWords } from './words.ts';

export interface ProposalClientOptions {
  db: Db;
  pages: ServerPages;
  now: Clock;
  rateLimitPerMinute: number;
  /** Where staff notices go: the firm's copy of a letter, word of a decline. */
  staffEmail: () => string;
  /** The firm's logo as stored, for the letter's letterhead. */
  logo: () => LogoSource | undefined;
  /** Called after a commit that queued mail. */
  mailQueued: () => void;
}

const maxName = 120;
const maxReason = 2_000;
const maxUserAgent = 500;

/**
 * The client's side of a proposal: its page at the emailed link, and the forms to accept or decline it.
 * The link's token is the only authority; a token of the wrong shape is never looked up, and an unknown,
 * withdrawn or expired one meets the same status, so nobody can tell a guessed token from a real one.
 */
export const proposalClientPlugin: FastifyPluginAsync<ProposalClientOptions> = async (app, options) => {
  const { db, pages, now, mailQueued } = options;
  const limit = perMinute(options.rateLimitPerMinute);
  // The page sends no Referer (its address holds the token), so its forms post with Origin: null.
  const formLimit = { ...limit, ...postedFromUnreferredPages };
  const linkTo = (token: string) => `${proposalPage.path}?token=${encodeURIComponent(token)}`;

  serve(
    app,
    proposalPage,
    async (request, reply) => {
      const token = request.query.token ?? '';
      const proposal = await proposalByToken(db, token);
      const standing = proposal ? standingOf(proposal, now()) : 'gone';
      if (!proposal || standing !== 'open') return answered(reply, proposal, standing, 'page');
      await markViewed(db, proposal, now());
      const terms = await currentTerms(db);
      return send(reply, 200, proposal.document.addressedTo, proposalHtml(pages, { proposal, terms, token }));
    },
    limit,
  );

  serve(
    app,
    acceptProposal,
    async (request, reply) => {
      const token = request.body.token ?? '';
      const proposal = await proposalByToken(db, token);
      const standing = proposal ? standingOf(proposal, now()) : 'gone';
      if (!proposal || standing !== 'open') return answered(reply, proposal, standing, 'form');

      const offered = new Set(
        proposal.document.lines.filter((line) => line.optional).map((line) => line.key),
      );
      const typed: Typed = {
        ...nothingTyped,
        fullName: (request.body.fullName ?? '').trim().replace(/\s+/g, ' '),
        agreed: request.body.agree === 'yes',
        extras: [...new Set([request.body.extras ?? []].flat())].filter((key) => offered.has(key)).sort(),
      };
      const terms = await currentTerms(db);
      const problems: Problems = {};
      if (
        typed.fullName.length > maxName ||
        !isTypedText(typed.fullName) ||
        !hasVisibleLetter(typed.fullName)
      ) {
        problems.fullName = say.nameNeeded;
      }
      if (!typed.agreed) problems.agree = say.agreeNeeded;
      if ((request.body.terms ?? '') !== (terms.version === null ? 'starter' : String(terms.version))) {
        problems.terms = say.termsChanged;
      }
      if (Object.keys(problems).length > 0) {
        // New terms are agreed to afresh: the box is no longer ticked for them.
        const shown = problems.terms ? { ...typed, agreed: false } : typed;
        const page = proposalHtml(pages, { proposal, terms, token }, shown, problems);
        return send(reply, 422, proposal.document.addressedTo, page);
      }

      const at = now();
      const firm = pages.firm;
      const shownHash = sha256(
        shownText({
          firm: firm.name,
          reference: proposal.reference,
          document: proposal.document,
          extras: typed.extras,
          terms: terms.body,
        }),
      );
      const signature = {
        name: typed.fullName,
        at: at.toISOString(),
        ip: request.ip,
        userAgent: (request.headers['user-agent'] ?? '').slice(0, maxUserAgent),
        shownHash,
      };
      // Made before the transaction, so that it holds the database's writer only for its writes.
      const letter = await engagementLetter({
        firm,
        reference: proposal.reference,
        document: proposal.document,
        extras: typed.extras,
        client: { email: proposal.client.email },
        terms: terms.body,
        logo: await letterLogo(options.logo()),
        signature,
      });
      const outcome = await whileOpen(db, proposal.id, at, async (trx) => {
        await recordAcceptance(
          trx,
          proposal,
          {
            signedName: signature.name,
            extras: [...typed.extras],
            shownHash,
            termsVersion: terms.version,
            ip: signature.ip,
            userAgent: signature.userAgent,
          },
          at,
        );
        await afterAcceptance(trx, {
          proposal,
          firm,
          staffEmail: options.staffEmail(),
          signedName: signature.name,
          letter,
          at,
        });
      });
      if ('refused' in outcome) return answered(reply, proposal, outcome.refused, 'form');
      mailQueued();
      request.log.info({ proposal: proposal.id }, 'proposal accepted');
      return reply.redirect(linkTo(token), 303);
    },
    formLimit,
  );

  serve(
    app,
    declineProposal,
    async (request, reply) => {
      const token = request.body.token ?? '';
      const proposal = await proposalByToken(db, token);
      const standing = proposal ? standingOf(proposal, now()) : 'gone';
      if (!proposal || standing !== 'open') return answered(reply, proposal, standing, 'form');
      const reason = (request.body.reason ?? '').trim();
      if (reason.length > maxReason || !isTypedText(reason.replace(/[\r\n]/g, ''))) {
        const terms = await currentTerms(db);
        const typed = { ...nothingTyped, reason: reason.slice(0, maxReason) };
        const page = proposalHtml(pages, { proposal, terms, token }, typed, { reason: say.reasonTooLong });
        return send(reply, 422, proposal.document.addressedTo, page);
      }
      const at = now();
      const outcome = await whileOpen(db, proposal.id, at, async (trx) => {
        await recordDecline(trx, proposal, reason || null, at);
        await enqueueMails(
          trx,
          declineMail({ firm: pages.firm, staffEmail: options.staffEmail() }, proposal, reason || null, at),
          at,
        );
      });
      if ('refused' in outcome) return answered(reply, proposal, outcome.refused, 'form');
      mailQueued();
      request.log.info({ proposal: proposal.id }, 'proposal declined');
      return reply.redirect(linkTo(token), 303);
    },
    formLimit,
  );

  /**
   * The page for a proposal no longer open: what its client answered (as a page, 200; as the answer to
   * a form, 409), or, for no proposal, a withdrawn or an expired one, the link that does not work (404).
   */
  async function answered(
    reply: FastifyReply,
    proposal: ClientProposal | undefined,
    standing: Standing,
    to: 'page' | 'form',
  ) {
    if (proposal && standing === 'accepted') {
      const acceptance = await acceptanceOf(db, proposal.id);
      const words = acceptance ? say.accepted(dateTimeWords(acceptance.accepted_at)) : say.alreadyAccepted;
      return to === 'page'
        ? send(reply, 200, say.acceptedTitle, answeredHtml(pages, say.acceptedTitle, words))
        : send(reply, 409, say.acceptedTitle, answeredHtml(pages, say.acceptedTitle, say.alreadyAccepted));
    }
    if (proposal && standing === 'declined') {
      return to === 'page'
        ? send(reply, 200, say.declinedTitle, answeredHtml(pages, say.declinedTitle, say.declined))
        : send(reply, 409, say.declinedTitle, answeredHtml(pages, say.declinedTitle, say.alreadyDeclined));
    }
    if (proposal && standing === 'expired') {
      return send(reply, 404, say.expiredTitle, answeredHtml(pages, say.expiredTitle, say.expired));
    }
    return send(reply, 404, say.notWorkingTitle, answeredHtml(pages, say.notWorkingTitle, say.notWorking));
  }

  /** A page of the proposal's: never cached, never indexed, and its address (the token) never passed on. */
  function send(reply: FastifyReply, status: number, title: string, content: SafeHtml) {
    return reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header('x-robots-tag', 'noindex')
      .send(pages.render(title, content, html`<meta name="robots" content="noindex">`));
  }
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
