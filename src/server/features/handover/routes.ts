import type { FastifyInstance } from 'fastify';
import type { Db } from '#server/db/database.ts';
import { failure, succeeded } from '#server/http/errors.ts';
import { serve } from '#server/http/serve.ts';
import { csvLines, sendCsv } from '#server/leads/csv.ts';
import type { Clock } from '#server/time/clock.ts';
import {
  clientsWon,
  completeDueDiligence,
  makeWebhookSecret as makeSecretEntry,
  readDueDiligence as readDueDiligenceEntry,
  readWebhook,
  saveDueDiligence as saveDueDiligenceEntry,
  saveWebhook,
} from '#shared/api/back-office-handover.ts';
import { backOfficeMessages } from '#shared/back-office.ts';
import { handoverMessages } from '#shared/handover.ts';
import { firmTimeZone } from '#shared/site-firm.ts';
import { clientsWonColumns, listClientsWon, serviceLines } from './clients-won.ts';
import * as dueDiligence from './due-diligence.ts';
import { checkedWebhookUrl, makeWebhookSecret, saveWebhookUrl, webhookSettings } from './webhook-settings.ts';

export interface HandoverRouteOptions {
  db: Db;
  now: Clock;
  /** SESSION_SECRET, from which the webhook's signing secret is derived. */
  sessionSecret: string;
  /** Production: the webhook must be https to a public host. */
  production: boolean;
}

/** How many clients the CSV reads at a time, keyset page after page, as the lists of leads do. */
const csvBatch = 1000;

const refusals = {
  'no-person': [404, backOfficeMessages.noSuchPerson],
  'not-a-client': [409, handoverMessages.noAcceptedProposal],
  complete: [409, handoverMessages.alreadyComplete],
  'no-colleague': [422, backOfficeMessages.colleague],
} as const;

/** Due diligence on a person's page, the owner's webhook, and the clients won as JSON and CSV. */
export function registerHandoverRoutes(app: FastifyInstance, options: HandoverRouteOptions) {
  const { db, now, sessionSecret, production } = options;
  const personId = (params: { id: string }) => Number(params.id);

  serve(app, readDueDiligenceEntry, async (request, reply) => {
    const found = await dueDiligence.readDueDiligence(db, personId(request.params));
    return found ?? reply.status(404).send(failure(backOfficeMessages.noSuchPerson));
  });

  serve(app, saveDueDiligenceEntry, async (request, reply) => {
    const today = now().toLocaleDateString('en-CA', { timeZone: firmTimeZone });
    if (request.body.verifiedOn > today) {
      return reply.status(422).send(failure(handoverMessages.verifiedOnFuture));
    }
    const outcome = await dueDiligence.saveDueDiligence(
      db,
      personId(request.params),
      request.body,
      request.staff.id,
      now(),
    );
    if (outcome === 'saved') return succeeded(handoverMessages.dueDiligenceSaved);
    if (outcome === 'unchanged') return succeeded(handoverMessages.dueDiligenceUnchanged);
    const [status, message] = refusals[outcome];
    return reply.status(status).send(failure(message));
  });

  serve(app, completeDueDiligence, async (request, reply) => {
    const outcome = await dueDiligence.completeDueDiligence(
      db,
      personId(request.params),
      request.staff.id,
      now(),
    );
    if (outcome === 'completed') return succeeded(handoverMessages.dueDiligenceComplete);
    if (typeof outcome === 'object') return reply.status(422).send(failure(...outcome.missing));
    const [status, message] = refusals[outcome];
    return reply.status(status as 404 | 409).send(failure(message));
  });

  serve(app, readWebhook, () => webhookSettings(db));

  serve(app, saveWebhook, async (request, reply) => {
    if (request.body.url.trim() === '') {
      await saveWebhookUrl(db, null, request.staff.id, now());
      return succeeded(handoverMessages.webhookCleared);
    }
    const checked = await checkedWebhookUrl(request.body.url, { production });
    if ('problem' in checked) return reply.status(422).send(failure(checked.problem));
    await saveWebhookUrl(db, checked.url, request.staff.id, now());
    return succeeded(handoverMessages.webhookSaved);
  });

  serve(app, makeSecretEntry, async (request) => {
    const secret = await makeWebhookSecret(db, sessionSecret, request.staff.id, now());
    return { ...succeeded(handoverMessages.secretMade), secret };
  });

  serve(app, clientsWon.list, (request) => listClientsWon(db, request.query));

  serve(app, clientsWon.csv, (request, reply) => {
    // From the first row, whatever page the list was showing.
    const filters = { ...request.query, after: undefined };
    const lines = csvLines(clientsWonColumns, async (after) => {
      const page = await listClientsWon(db, { ...filters, after }, csvBatch);
      return { items: serviceLines(page.items), next: page.next };
    });
    return sendCsv(reply, clientsWon.name, now(), lines);
  });
}
