import type { FastifyRequest } from 'fastify';
import { type LeadSource, leadSourceOf } from '#server/leads/sources.ts';
import type { VisitSource } from '#shared/visit-source.ts';

/** Where the visitor who sent this lead form came from: its source fields, else the request's Referer. */
export function sourceOfRequest(request: FastifyRequest, fields: VisitSource): LeadSource {
  return leadSourceOf(
    { landingPage: fields.landingPage, referrer: fields.referrer },
    { refererHeader: request.headers.referer, siteUrl: request.server.deps.config.publicUrl },
  );
}
