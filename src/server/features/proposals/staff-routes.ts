import type { FastifyInstance } from 'fastify';
import type { Db } from '#server/db/database.ts';
import { failure, succeeded } from '#server/http/errors.ts';
import { serve } from '#server/http/serve.ts';
import type { Clock } from '#server/time/clock.ts';
import * as api from '#shared/api/back-office-proposals.ts';
import { proposalStaffMessages as say } from '#shared/proposal-staff.ts';
import type { SiteFirm } from '#shared/site-firm.ts';
import { createDraft, deleteDraft, newVersion, saveDraft } from './drafts.ts';
import { letterFilename } from './letter-mail.ts';
import { proposalDetail, proposalLetter, proposalsOf } from './reading.ts';
import { sendDraft, withdraw } from './sending.ts';
import { proposalSettings, saveProposalSettings } from './settings.ts';

export interface ProposalRouteParts {
  db: Db;
  now: Clock;
  firm: () => SiteFirm;
  secret: string;
  publicUrl: URL;
  /** Told after a commit that queued mail. */
  mailQueued: () => void;
}

/** The firm's side of proposals: any member of staff drafts and sends; an owner sets reminders and expiry. */
export function registerProposalRoutes(app: FastifyInstance, parts: ProposalRouteParts) {
  const { db, now, firm, mailQueued } = parts;
  const id = (params: { id: string }) => Number(params.id);

  serve(app, api.listProposals, async (request, reply) => {
    const list = await proposalsOf(db, id(request.params));
    return list ?? reply.status(404).send(failure(say.noPerson));
  });

  serve(app, api.createProposal, async (request, reply) => {
    const { draft, quoteRequest } = request.body;
    const made = await createDraft(db, id(request.params), draft, {
      ...(quoteRequest !== undefined && { quoteRequest }),
      prefix: firm().referencePrefix,
      by: request.staff.id,
      now: now(),
    });
    if (made === 'no-person') return reply.status(404).send(failure(say.noPerson));
    if (made === 'not-their-quote') return reply.status(422).send(failure(say.notTheirQuote));
    if ('problems' in made) return reply.status(422).send(failure(...made.problems));
    return reply.status(201).send({ ...succeeded(say.saved), ...made });
  });

  serve(app, api.readProposal, async (request, reply) => {
    const detail = await proposalDetail(db, id(request.params));
    return detail ?? reply.status(404).send(failure(say.notFound));
  });

  serve(app, api.proposalLetter, async (request, reply) => {
    const letter = await proposalLetter(db, id(request.params));
    if (!letter) {
      const proposal = await db
        .selectFrom('proposals')
        .select('id')
        .where('id', '=', id(request.params))
        .executeTakeFirst();
      return reply.status(404).send(failure(proposal ? say.noLetter : say.notFound));
    }
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${letterFilename(letter.reference)}"`)
      .header('cache-control', 'no-store')
      .send(Buffer.from(letter.pdf));
  });

  serve(app, api.saveProposal, async (request, reply) => {
    const saved = await saveDraft(db, id(request.params), request.body.draft, now());
    if (saved === 'not-found') return reply.status(404).send(failure(say.notFound));
    if (saved === 'not-draft') return reply.status(409).send(failure(say.notDraft));
    if (saved !== 'saved') return reply.status(422).send(failure(...saved.problems));
    return succeeded(say.saved);
  });

  serve(app, api.deleteProposal, async (request, reply) => {
    const deleted = await deleteDraft(db, id(request.params));
    if (deleted === 'not-found') return reply.status(404).send(failure(say.notFound));
    if (deleted === 'not-draft') return reply.status(409).send(failure(say.onlyDraftDeleted));
    return succeeded(say.deleted);
  });

  serve(app, api.sendProposal, async (request, reply) => {
    const sent = await sendDraft(parts, id(request.params), { by: request.staff.id, now: now() });
    if (sent === 'not-found') return reply.status(404).send(failure(say.notFound));
    if (sent === 'not-draft') return reply.status(409).send(failure(say.notDraft));
    if (sent === 'price-list-moved') return reply.status(409).send(failure(say.priceListMoved));
    if (sent === 'original-accepted') return reply.status(409).send(failure(say.originalAccepted));
    if (sent !== 'sent') return reply.status(422).send(failure(...sent.problems));
    mailQueued();
    return succeeded(say.sent);
  });

  serve(app, api.withdrawProposal, async (request, reply) => {
    const done = await withdraw(db, id(request.params), { by: request.staff.id, now: now() });
    if (done === 'not-found') return reply.status(404).send(failure(say.notFound));
    if (done === 'not-open') return reply.status(409).send(failure(say.notOpen));
    return succeeded(say.withdrawn);
  });

  serve(app, api.newProposalVersion, async (request, reply) => {
    const made = await newVersion(db, id(request.params), {
      prefix: firm().referencePrefix,
      by: request.staff.id,
      now: now(),
    });
    if (made === 'not-found') return reply.status(404).send(failure(say.notFound));
    if (made === 'no-new-version') return reply.status(409).send(failure(say.noNewVersion));
    if ('problems' in made) return reply.status(422).send(failure(...made.problems));
    return reply.status(201).send({ ...succeeded(say.newVersion), ...made });
  });

  serve(app, api.readProposalSettings, () => proposalSettings(db));

  serve(
    app,
    api.saveProposalSettings,
    async (request) => {
      await saveProposalSettings(db, request.body, now());
      return succeeded(say.settingsSaved);
    },
    { refusal: () => ({ status: 422, messages: [say.settingsOutOfRange] }) },
  );
}
