import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Db } from '#server/db/database.ts';
import type { AccountService } from '#server/features/accounts/index.ts';
import { perMinute } from '#server/http/rate-limit.ts';
import { serve } from '#server/http/serve.ts';
import { html, type ServerPages } from '#server/http/server-page.ts';
import { signInPage } from '#shared/api/accounts.ts';
import { staffNameField, staffNameSchema } from '#shared/api/back-office-staff.ts';
import { completeSetup, setupPage } from '#shared/api/setup.ts';
import { emailAddressProblem } from '#shared/email.ts';
import { claimSetupToken, hasAccounts, setupTokenWorks } from './setup-tokens.ts';

export interface SetupRoutesOptions {
  db: Db;
  accounts: AccountService;
  pages: ServerPages;
  now: () => Date;
  rateLimitPerMinute: number;
}

/**
 * The set-up page: whoever holds a link the site printed at start makes its first account, an owner, and
 * goes on to choose their password on the page an invitation opens. Never open to whoever arrives first:
 * without a working token the page says only that the link does not work, and once an account exists it
 * is not found.
 */
export const setupPlugin: FastifyPluginAsync<SetupRoutesOptions> = async (app, options) => {
  const { db, accounts, pages, now } = options;

  serve(app, setupPage, async (request, reply) => {
    reply.header('x-robots-tag', 'noindex');
    const token = request.query.token ?? '';
    if (!(await setupTokenWorks(db, token, now()))) return refused(reply);
    return form(reply, 200, token, { email: '', name: '' });
  });

  serve(
    app,
    completeSetup,
    async (request, reply) => {
      reply.header('x-robots-tag', 'noindex');
      const token = request.body.token ?? '';
      const typed = { email: (request.body.emailAddress ?? '').trim(), name: request.body.yourName ?? '' };
      if (!(await setupTokenWorks(db, token, now()))) return refused(reply);
      const again = (request.body.emailAgain ?? '').trim();
      const name = staffNameSchema.safeParse(typed.name);
      const problems = {
        name: name.success ? undefined : name.error.issues[0]?.message,
        email:
          emailAddressProblem(typed.email) ??
          (again.toLowerCase() === typed.email.toLowerCase()
            ? undefined
            : 'The two addresses differ: type the same one twice.'),
      };
      if (!name.success || problems.email) return form(reply, 422, token, typed, problems);
      const link = await accounts.addFirstOwner({ email: typed.email, name: name.data }, (trx) =>
        claimSetupToken(trx, token, now()),
      );
      if (!link) return refused(reply);
      request.log.info('the first owner was made on the set-up page');
      return reply.redirect(link, 303);
    },
    perMinute(options.rateLimitPerMinute),
  );

  /** The form, with what was typed and what is wrong with it, named beside its field. */
  function form(
    reply: FastifyReply,
    status: number,
    token: string,
    typed: { email: string; name: string },
    problems: { email?: string; name?: string } = {},
  ) {
    const problem = (field: 'email' | 'name') => {
      const text = problems[field];
      return text
        ? {
            message: html`<p class="field__error" id="setup-${field}-error">${text}</p>`,
            attributes: html` aria-invalid="true" aria-describedby="setup-${field}-error"`,
          }
        : { message: html``, attributes: html`` };
    };
    const name = problem('name');
    const email = problem('email');
    return pages.send(
      reply,
      status,
      'Set up this website',
      html`<h1>Set up this website</h1>
      <p>You are making its first account, an owner’s. An owner may do everything, adding the rest of the
      staff included. Next you choose your password and sign in; the back office then takes you through
      the rest: the firm’s details, an adviser, a test email, the bot check and backups.</p>
      <form method="post" action="${completeSetup.path}" novalidate>
        <input type="hidden" name="token" value="${token}">
        <div class="field">
          <label for="setup-name">Your name</label>
          ${name.message}
          <input id="setup-name" name="yourName" autocomplete="name" required maxlength="${staffNameField.max}"
            value="${typed.name}"${name.attributes}>
        </div>
        <div class="field">
          <label for="setup-email">Your email address</label>
          ${email.message}
          <input id="setup-email" name="emailAddress" type="email" autocomplete="email" required
            value="${typed.email}"${email.attributes}>
        </div>
        <div class="field">
          <label for="setup-email-again">The same address again</label>
          <input id="setup-email-again" name="emailAgain" type="email" autocomplete="email" required>
        </div>
        <button type="submit" class="button">Make my account</button>
      </form>`,
    );
  }

  /** One answer for every token that does not work, and for a site that has its account already. */
  async function refused(reply: FastifyReply) {
    if (await hasAccounts(db)) {
      return pages.send(
        reply,
        404,
        'Page not found',
        html`<h1>Page not found</h1>
        <p>This website is set up already. Staff sign in on the <a href="${signInPage.path}">login page</a>.</p>`,
      );
    }
    return pages.send(
      reply,
      403,
      'This set-up link does not work',
      html`<h1>This set-up link does not work</h1>
      <p>It may have been copied only in part, used already, or be more than a day old. The site prints
      a new link each time it starts: restart it and copy the whole link from its log. Or make the first
      owner on the server with <code>npm run user:add -- EMAIL --owner</code>.</p>`,
    );
  }
};
