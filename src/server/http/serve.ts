import type {
  ContextConfigDefault,
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { type EndpointSpec, isJsonAnswer } from '#shared/api/endpoint.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The shared contract entry the route was registered from (every route but the built files). */
    endpoint?: EndpointSpec;
  }
}

/** A page or file is sent as it is: a string or the bytes of one; JSON without a schema as an object. */
type Document<A> = z.ZodType<A extends { contentType: 'application/json' } ? object : string | Buffer>;

/** The answers as the type provider reads them: JSON by its schema, anything else as a document. */
type AnswerTypes<A> = { [S in keyof A]: A[S] extends z.ZodType ? A[S] : Document<A[S]> };

/** The Fastify schema of an endpoint: what the type provider reads the request and reply types from. */
export interface SchemaOf<E extends EndpointSpec> {
  params: E['params'];
  querystring: E['query'];
  body: E['body'];
  response: AnswerTypes<E['answers']>;
}

type Reply<E extends EndpointSpec> = FastifyReply<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  ContextConfigDefault,
  SchemaOf<E>,
  ZodTypeProvider
>;
/** Any answer the endpoint gives, as the handler returns it. */
type Answered<E extends EndpointSpec> = {
  [S in keyof E['answers']]: z.output<AnswerTypes<E['answers']>[S]>;
}[keyof E['answers']];

/** The reply itself, returned by a handler that sent the answer through it (any route's reply will do). */
type SentReply = Pick<FastifyReply, 'sent'>;

/**
 * A route's handler, typed from its endpoint: the request's params, query and body as the schemas
 * output them, and an answer the endpoint declares (returned, or sent through `reply`, whose `send` takes
 * only the declared answers).
 */
export type EndpointHandler<E extends EndpointSpec> = (
  this: FastifyInstance,
  request: FastifyRequest<
    RouteGenericInterface,
    RawServerDefault,
    RawRequestDefaultExpression,
    SchemaOf<E>,
    ZodTypeProvider
  >,
  reply: Reply<E>,
) => Answered<E> | SentReply | Promise<Answered<E> | SentReply>;

/**
 * Registers the route an endpoint describes: its path, its access, and its schemas, which check the
 * params, query and body before the handler runs (a refusal answers 422, http/errors.ts) and give the
 * handler their types. `config` adds route settings such as a rate limit.
 */
export function serve<const E extends EndpointSpec>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  config: Omit<FastifyContextConfig, 'access' | 'endpoint'> = {},
) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      ...(endpoint.params && { params: endpoint.params }),
      ...(endpoint.query && { querystring: endpoint.query }),
      ...(endpoint.body && { body: endpoint.body }),
      // Only JSON answers: Fastify serialises those through their schema, dropping any field the contract
      // does not name. Pages and files are sent as they are; the API document adds them (api-document.ts).
      response: Object.fromEntries(
        Object.entries(endpoint.answers).filter((entry): entry is [string, z.ZodType] =>
          isJsonAnswer(entry[1]),
        ),
      ),
      tags: [endpoint.tag],
      summary: endpoint.summary,
      ...(endpoint.description && { description: endpoint.description }),
    },
    config: { ...config, access: endpoint.access, endpoint },
    handler: handler as RouteHandlerMethod,
  });
}
