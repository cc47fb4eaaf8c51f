import type { FastifyReply } from 'fastify';
import { mailtoHref } from '#shared/mailto.ts';
import { html, type SafeHtml, type ServerPages } from './server-page.ts';

/**
 * For a form the page checks and sends with its script (the contact, quote and questionnaire forms, whose
 * bot check runs in the browser): what a browser posted as a page instead (its script switched off, or
 * the form sent before the page's script arrived) is answered with a page that says so, in the site's
 * layout, rather than the API's JSON. The form posts rather than going to its own address, so what the
 * visitor typed is never put in an address. Nothing is kept. (`refusalPage` of the route's config: the
 * post has no bot-check token, which the route's schema refuses.)
 */
export function scriptedFormRefusal(pages: ServerPages, formPath: string) {
  return (reply: FastifyReply) => {
    const { phone, phoneHref, email } = pages.firm;
    const ways: SafeHtml[] = [];
    if (phone) ways.push(html`call us on <a href="${phoneHref}">${phone}</a>`);
    if (email) ways.push(html`email <a href="${mailtoHref(email)}">${email}</a>`);
    const orReach =
      ways.length > 0 ? html`, or ${ways.flatMap((way, at) => (at === 0 ? [way] : [html` or `, way]))}` : '';
    return pages.send(
      reply,
      400,
      'Your form was not sent',
      html`<h1>Your form was not sent</h1>
        <p>This form is checked and sent by the page's script, which your browser did not run: it may be
        switched off, or the page had not finished loading. Nothing you typed was kept.</p>
        <p><a href="${formPath}">Back to the form</a>: let the page load, with JavaScript on, and send it
        again${orReach}.</p>`,
    );
  };
}
