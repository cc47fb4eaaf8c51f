import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/app.ts';

let site: TestApp;
let document: {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        security?: unknown[];
        requestBody?: { content: Record<string, unknown> };
        responses: Record<string, unknown>;
      }
    >
  >;
};

beforeAll(async () => {
  // With a metrics token, so that /metrics exists too.
  site = await startTestApp({ env: { METRICS_TOKEN: 'a-token-for-the-prometheus-metrics-scraper' } });
  const answer = await site.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(answer.statusCode).toBe(200);
  document = answer.json();
});
afterAll(() => site?.close());

/** `/api/x/:reference` as OpenAPI writes it: `/api/x/{reference}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}').replace(/\*$/, '{*}');

describe('the API document at /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
  });

  it('documents every route in Fastify’s route tree, each registered from its contract entry', () => {
    const undocumented: string[] = [];
    const withoutEntry: string[] = [];
    for (const route of site.app.registeredRoutes()) {
      if (route.config?.builtFile) continue;
      for (const method of [route.method].flat()) {
        // Fastify answers HEAD from each GET route; the document lists the GET.
        if (method === 'HEAD') continue;
        if (!route.config?.endpoint) withoutEntry.push(`${method} ${route.url}`);
        if (!document.paths[openApiPath(route.url)]?.[method.toLowerCase()]) {
          undocumented.push(`${method} ${route.url}`);
        }
      }
    }
    expect(withoutEntry).toEqual([]);
    expect(undocumented).toEqual([]);
  });

  it('gives every staff-only operation the staff session scheme (with the owner or availability role where it is needed), and a change the form token too', () => {
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );
    const backOffice = operations.filter(({ path }) => path.startsWith('/api/back-office/'));
    expect(backOffice.length).toBeGreaterThan(20);
    const access = site.app.routeAccess();
    const roleOf = (path: string, method: string) => {
      const routeAccess = access.get(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
      return routeAccess === 'owner' || routeAccess === 'availability' ? [routeAccess] : [];
    };
    expect(roleOf('/api/back-office/blocked-dates', 'post')).toEqual(['availability']);
    for (const { path, method, operation } of backOffice) {
      const staffSession = roleOf(path, method);
      expect(operation.security, `${method} ${path}`).toEqual(
        method === 'get' ? [{ staffSession }] : [{ staffSession, formToken: [] }],
      );
      // What the access rules answer before the endpoint runs is listed on each one.
      expect(Object.keys(operation.responses), `${method} ${path}`).toEqual(
        expect.arrayContaining(method === 'get' && staffSession.length === 0 ? ['401'] : ['401', '403']),
      );
    }
    const contact = document.paths['/contact-us-send']?.post;
    expect(contact?.security).toEqual([]);
    expect(Object.keys(contact?.responses ?? {})).toEqual(['201', '403', '422', '429']);
    expect(document.paths['/metrics']?.get?.security).toEqual([{ metricsToken: [] }]);
  });

  it('describes a redirect by its status and words, with no body', () => {
    const signIn = document.paths['/login']?.post?.responses as Record<string, { content?: unknown }>;
    expect(signIn['303']).toEqual({ description: expect.stringContaining('Signed in') });
    expect(signIn['400']?.content).toEqual({ 'text/html': { schema: { type: 'string' } } });
  });

  it('says which bodies the site’s own pages post as ordinary forms', () => {
    const bodyTypes = (path: string) => Object.keys(document.paths[path]?.post?.requestBody?.content ?? {});
    for (const path of ['/login', '/logout', '/reset-password', '/subscribe', '/bookings/cancel']) {
      expect(bodyTypes(path), path).toEqual(['application/x-www-form-urlencoded', 'application/json']);
    }
    expect(bodyTypes('/forms/book-call-form')).toEqual(['application/json']);
  });
});
