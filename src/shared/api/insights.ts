import { insightsPath, slugPattern } from '../articles.ts';
import { z } from '../zod.ts';
import { endpoint, htmlPage } from './endpoint.ts';

// The published articles, as readers and search engines see them. The pages are written by the server
// when an article is published or changed, and kept in memory, compressed.

const notFound = htmlPage('The site’s not-found page: no article (or tag) is published there.');

export const insightsList = endpoint({
  method: 'GET',
  path: insightsPath,
  access: 'public',
  tag: 'Insights',
  summary: 'The published articles, newest first',
  answers: { 200: htmlPage('The Insights page.') },
});

export const insightsFeed = endpoint({
  method: 'GET',
  path: `${insightsPath}/feed.xml`,
  access: 'public',
  tag: 'Insights',
  summary: 'The published articles as an Atom feed',
  answers: { 200: { contentType: 'application/atom+xml', description: 'An Atom 1.0 feed.' } },
});

export const insightsTag = endpoint({
  method: 'GET',
  path: `${insightsPath}/tag/:tag`,
  access: 'public',
  tag: 'Insights',
  summary: 'The published articles with one tag',
  params: z.object({ tag: z.string().max(100) }),
  answers: { 200: htmlPage('The tag’s page.'), 404: notFound },
});

export const insightsArticle = endpoint({
  method: 'GET',
  path: `${insightsPath}/:slug`,
  access: 'public',
  tag: 'Insights',
  summary: 'One published article',
  params: z.object({ slug: z.string().max(100) }),
  answers: { 200: htmlPage('The article.'), 404: notFound },
});

export const insightsImage = endpoint({
  method: 'GET',
  path: `${insightsPath}/images/:name`,
  access: 'public',
  tag: 'Insights',
  summary:
    'A cover image in one size and format; its name changes with its bytes, so it is cached for a year',
  params: z.object({ name: z.string().max(120) }),
  answers: {
    200: { contentType: 'image/*', description: 'The image: image/avif or image/webp.' },
    404: notFound,
  },
});

/** A slug as the public pages accept it, before looking it up. */
export const isSlug = (value: string) => slugPattern.test(value);
