import type { TestApp } from './app.ts';
import { send } from './http.ts';

// The instant quote's form, posted as a browser without script posts it.

/** Posts fields URL-encoded, asking for a page, from the site's own page; redirects are not followed. */
export function postForm(site: TestApp, path: string, fields: [string, string][]) {
  return send(site, path, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'text/html',
      origin: site.url,
    },
    body: new URLSearchParams(fields).toString(),
  });
}
