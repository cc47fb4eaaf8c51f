import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { backOfficeApi, backOfficeMessages, leadStages, noteMaxLength } from '../../../shared/back-office.ts';
import type { Database } from '../../db/schema.ts';
import { failure } from '../../http/errors.ts';
import { enquiryDetail, findEnquiry, listEnquiries } from './enquiry-leads.ts';
import { changeStage, recordLeadEvent } from './lead-events.ts';
import { leadListQuerySchema, listQueryProblem } from './lead-list.ts';

const stageBody = z.object({ stage: z.enum(leadStages) }).strict();
const noteBody = z.object({ text: z.string().trim().min(1).max(noteMaxLength) }).strict();

/** The back office's contact enquiries and quote requests: lists, one lead, its stage and its notes. */
export function registerEnquiryLeadRoutes(app: FastifyInstance, db: Kysely<Database>) {
  const lists = { 'contact-enquiries': 'contact', 'quote-requests': 'quote' } as const;
  for (const [path, kind] of Object.entries(lists)) {
    app.get(`${backOfficeApi}/${path}`, async (request, reply) => {
      const query = leadListQuerySchema.safeParse(request.query);
      if (!query.success) return reply.status(400).send(failure(listQueryProblem(query.error)));
      return listEnquiries(db, kind, query.data);
    });
  }

  app.get<{ Params: { reference: string } }>(
    `${backOfficeApi}/enquiries/:reference`,
    async (request, reply) => {
      const enquiry = await findEnquiry(db, request.params.reference);
      if (!enquiry) return reply.status(404).send(failure(backOfficeMessages.notFound));
      return enquiryDetail(db, enquiry);
    },
  );

  app.post<{ Params: { reference: string } }>(
    `${backOfficeApi}/enquiries/:reference/stage`,
    async (request, reply) => {
      const body = stageBody.safeParse(request.body);
      if (!body.success) return reply.status(422).send(failure(backOfficeMessages.stage));
      const enquiry = await findEnquiry(db, request.params.reference);
      if (!enquiry) return reply.status(404).send(failure(backOfficeMessages.notFound));
      await changeStage(db, { kind: 'enquiry', id: enquiry.id }, body.data.stage, request.staff.id);
      return enquiryDetail(db, { ...enquiry, stage: body.data.stage });
    },
  );

  app.post<{ Params: { reference: string } }>(
    `${backOfficeApi}/enquiries/:reference/notes`,
    async (request, reply) => {
      const body = noteBody.safeParse(request.body);
      if (!body.success) return reply.status(422).send(failure(backOfficeMessages.note));
      const enquiry = await findEnquiry(db, request.params.reference);
      if (!enquiry) return reply.status(404).send(failure(backOfficeMessages.notFound));
      await recordLeadEvent(db, {
        kind: 'enquiry',
        id: enquiry.id,
        event: 'note',
        detail: body.data.text,
        userId: request.staff.id,
      });
      return reply.status(201).send(await enquiryDetail(db, enquiry));
    },
  );
}
