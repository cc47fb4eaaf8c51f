import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { type EndpointSpec, isJsonAnswer, type NonJsonAnswer } from '#shared/api/endpoint.ts';
import { apiDocument } from '#shared/api/site.ts';
import { serve } from './serve.ts';

type Transform = typeof jsonSchemaTransform;
type Operation = ReturnType<Transform>['schema'] & {
  response?: Record<string, unknown>;
  security?: Record<string, string[]>[];
};

const securitySchemes = (sessionCookieName: string) => ({
  staffSession: {
    type: 'apiKey' as const,
    in: 'cookie' as const,
    name: sessionCookieName,
    description:
      'The session cookie that signing in at POST /login sets. An operation that lists the role `owner` is for owners only: a member of staff of any other role gets 403. One that lists `availability` is for owners and the members of staff an owner lets manage availability.',
  },
  formToken: {
    type: 'apiKey' as const,
    in: 'header' as const,
    name: 'x-form-token',
    description:
      'Any change by staff (every method but GET) also carries the token GET /api/form-token answers, twin of the cookie it sets.',
  },
  metricsToken: {
    type: 'http' as const,
    scheme: 'bearer',
    description: 'METRICS_TOKEN, as the operator set it.',
  },
});

function securityOf(endpoint: EndpointSpec) {
  if (endpoint.bearerToken) return [{ metricsToken: [] }];
  if (endpoint.access === 'public') return [];
  // OpenAPI 3.1 lets an apiKey scheme list the roles an operation requires.
  const staffSession =
    endpoint.access === 'owner' ? ['owner'] : endpoint.access === 'availability' ? ['availability'] : [];
  return endpoint.method === 'GET' ? [{ staffSession }] : [{ staffSession, formToken: [] }];
}

/** An answer that is not JSON, as OpenAPI describes it. */
function documentedAnswer(answer: NonJsonAnswer) {
  // Swagger reads a bare `{ description }` as a JSON schema and gives it a JSON body; `null` gives none.
  if (answer.contentType === 'redirect') return { type: 'null', description: answer.description };
  return {
    description: answer.description,
    content: {
      [answer.contentType]: { schema: { type: answer.contentType.endsWith('json') ? 'object' : 'string' } },
    },
  };
}

/**
 * The OpenAPI 3.1 document of every endpoint, built from the routes as they are registered: each route
 * carries its contract entry (http/serve.ts), whose schemas become the document's. Routes without an entry
 * (the built scripts, styles and images) are left out. Must be registered before any route.
 */
export async function registerApiDocument(app: FastifyInstance, publicUrl: URL, sessionCookieName: string) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'practice-site website API',
        version: '1',
        description:
          'Every endpoint the website serves: the forms visitors send, the booking calendar, staff sign-in, and the back office that staff (and the firm’s own software) read leads from.',
      },
      servers: [{ url: publicUrl.origin }],
      components: { securitySchemes: securitySchemes(sessionCookieName) },
    },
    transform(document) {
      const endpoint = document.route.config?.endpoint;
      if (!endpoint) return { schema: { hide: true }, url: document.url };
      const converted = jsonSchemaTransform(document);
      const schema = converted.schema as Operation;
      const response: Record<string, unknown> = { ...schema.response };
      for (const [status, answer] of Object.entries(endpoint.answers)) {
        if (!isJsonAnswer(answer)) response[status] = documentedAnswer(answer);
      }
      return {
        url: converted.url,
        schema: {
          ...schema,
          response,
          security: securityOf(endpoint),
          // Every body may come as JSON; a page's own form posts its fields as a form.
          ...(endpoint.formPost && { consumes: ['application/x-www-form-urlencoded', 'application/json'] }),
        },
      };
    },
  });
  serve(app, apiDocument, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return app.swagger();
  });
}
