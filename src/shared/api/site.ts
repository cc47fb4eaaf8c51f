import { pagePicturesPath } from '../pages.ts';
import { z } from '../zod.ts';
import { endpoint, htmlPage, refusal } from './endpoint.ts';

// What the site serves besides its features: its pages, its health for a load balancer, its metrics for
// the operator, what search engines read, and this API's own document.

export const liveness = endpoint({
  openBeforeSetUp: true,
  method: 'GET',
  path: '/healthz',
  access: 'public',
  tag: 'Operations',
  summary: 'Whether the process is up, and which version of the site it runs',
  answers: { 200: z.object({ status: z.literal('ok'), version: z.string() }) },
});

export const readiness = endpoint({
  openBeforeSetUp: true,
  method: 'GET',
  path: '/readyz',
  access: 'public',
  tag: 'Operations',
  summary: 'Whether the site can serve: its database answers within 2 s',
  answers: {
    200: z.object({ status: z.literal('ready') }),
    503: z.object({ status: z.literal('unavailable'), reason: z.string() }),
  },
});

export const metrics = endpoint({
  openBeforeSetUp: true,
  method: 'GET',
  path: '/metrics',
  access: 'public',
  bearerToken: true,
  tag: 'Operations',
  summary: 'Prometheus metrics (needs METRICS_TOKEN as a bearer token; 404 when none is set)',
  answers: {
    200: { contentType: 'text/plain', description: 'The Prometheus text format.' },
    401: refusal.describe('No token, or the wrong one.'),
    404: refusal.describe('No METRICS_TOKEN is set, so there are no metrics.'),
  },
});

export const sitemap = endpoint({
  method: 'GET',
  path: '/sitemap.xml',
  access: 'public',
  tag: 'Site',
  summary: 'The public pages, for search engines',
  answers: { 200: { contentType: 'application/xml', description: 'A sitemaps.org URL set.' } },
});

export const robots = endpoint({
  openBeforeSetUp: true,
  method: 'GET',
  path: '/robots.txt',
  access: 'public',
  tag: 'Site',
  summary: 'What search engines may crawl',
  answers: { 200: { contentType: 'text/plain', description: 'robots.txt' } },
});

export const themeStylesheet = endpoint({
  method: 'GET',
  path: '/theme.css',
  access: 'public',
  openBeforeSetUp: true,
  tag: 'Site',
  summary: 'The site’s stylesheet in the firm’s colours and typeface: the one stylesheet every page links',
  query: z.object({
    v: z
      .string()
      .optional()
      .describe('The colours the page was rendered with: kept for a year when current.'),
    b: z
      .string()
      .optional()
      .describe('The build whose stylesheet comes first; without it, the firm’s colours and typeface alone.'),
  }),
  answers: {
    200: {
      contentType: 'text/css',
      description:
        'The build’s stylesheet (with `b`), then the firm’s colours and typeface over its defaults.',
    },
  },
});

/** A picture made from the firm's logo: the address a page names carries `v`, kept a year when current. */
const pictureVersion = z.object({
  v: z.string().optional().describe('The version the page names: kept for a year when current.'),
});

export const favicon = endpoint({
  method: 'GET',
  path: '/favicon.ico',
  access: 'public',
  openBeforeSetUp: true,
  tag: 'Site',
  summary: 'The site’s icon at 16, 32 and 48 pixels, made from the firm’s logo (a plain mark without one)',
  answers: { 200: { contentType: 'image/*', description: 'image/x-icon: an .ico of PNG images.' } },
});

export const touchIcon = endpoint({
  method: 'GET',
  path: '/apple-touch-icon.png',
  access: 'public',
  openBeforeSetUp: true,
  tag: 'Site',
  summary: 'The logo on white at 180 pixels: a phone’s home-screen icon, and the logo every email shows',
  answers: { 200: { contentType: 'image/*', description: 'image/png, 180 by 180 pixels.' } },
});

export const sharePicture = endpoint({
  method: 'GET',
  path: '/share.png',
  access: 'public',
  tag: 'Site',
  summary:
    'The picture a link to the site shows where it is shared: the logo (or, without one, the firm’s name) in the firm’s colours',
  query: pictureVersion,
  answers: { 200: { contentType: 'image/*', description: 'image/png, 1200 by 630 pixels, at most 100 KB.' } },
});

export const firmLogo = endpoint({
  method: 'GET',
  path: '/logo',
  access: 'public',
  tag: 'Site',
  summary: 'The firm’s logo as it uploaded it: an SVG made safe, or a PNG',
  query: pictureVersion,
  answers: {
    200: { contentType: 'image/*', description: 'The logo (image/svg+xml or image/png).' },
    404: refusal.describe('The firm has no logo.'),
  },
});

export const homePictureFile = endpoint({
  method: 'GET',
  path: '/pictures/:name',
  access: 'public',
  tag: 'Site',
  summary: 'A size of the home page’s picture the firm uploaded, named by its content: kept for a year',
  params: z.object({
    name: z
      .string()
      .regex(/^[0-9a-f]{20}-\d{1,5}\.(avif|webp)$/)
      .describe('As the page’s srcset names it: <hash>-<width>.<avif|webp>.'),
  }),
  answers: {
    200: { contentType: 'image/*', description: 'image/avif or image/webp.' },
    404: refusal.describe('No such picture now.'),
  },
});

export const badgeFile = endpoint({
  method: 'GET',
  path: '/badges/:name',
  access: 'public',
  tag: 'Site',
  summary: 'A badge of one of the firm’s accreditations, named by its content: kept for a year',
  params: z.object({
    name: z
      .string()
      .regex(/^badge-[0-9a-f]{16}$/)
      .describe('As the page names it: badge-<hash>.'),
  }),
  answers: {
    200: { contentType: 'image/*', description: 'image/svg+xml or image/png.' },
    404: refusal.describe('No such badge now.'),
  },
});

export const apiDocument = endpoint({
  openBeforeSetUp: true,
  method: 'GET',
  path: '/api/openapi.json',
  access: 'public',
  tag: 'Site',
  summary: 'This document: every endpoint of the site, in OpenAPI 3.1',
  answers: { 200: { contentType: 'application/json', description: 'An OpenAPI 3.1 document.' } },
});

/** A prerendered page of the site, at `path`. */
export const sitePage = (path: string, title: string) =>
  endpoint({
    method: 'GET',
    path,
    access: 'public',
    tag: 'Pages',
    summary: title,
    answers: { 200: htmlPage(`The ${title} page.`) },
  });

/** The home page, as the firm last published it. */
export const homePage = endpoint({
  method: 'GET',
  path: '/',
  access: 'public',
  tag: 'Pages',
  summary: 'The home page',
  answers: { 200: htmlPage('The home page.') },
});

/**
 * A page of the firm's own (the back office's Pages): any one-word address no other route answers. Static
 * routes win over this one, so no page can hide a part of the site.
 */
export const firmPage = endpoint({
  method: 'GET',
  path: '/:page',
  access: 'public',
  tag: 'Pages',
  summary: 'A page of the firm’s own, as published',
  params: z.object({ page: z.string().describe('The page’s address without its slash, such as landlords') }),
  answers: {
    200: htmlPage('The page.'),
    301: { contentType: 'redirect', description: 'An address the page gave up: on to where it is now.' },
    404: htmlPage('The site’s not-found page: no page is published there.'),
    410: htmlPage('A page the firm removed: the not-found page, saying it has gone.'),
  },
});

export const pagePictureFile = endpoint({
  method: 'GET',
  path: `${pagePicturesPath}/:name`,
  access: 'public',
  tag: 'Pages',
  summary: 'A size of a picture in a page’s section, named by its content: kept by browsers for a year',
  params: z.object({ name: z.string().max(100) }),
  answers: {
    200: { contentType: 'image/*', description: 'image/avif or image/webp.' },
    404: htmlPage('No such picture.'),
  },
});
