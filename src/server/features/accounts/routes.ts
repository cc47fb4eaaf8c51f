import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { FormTokens } from '#server/http/form-token.ts';
import type { Page, SitePages } from '#server/http/pages.ts';
import { perMinute } from '#server/http/rate-limit.ts';
import { isSameOrigin } from '#server/http/same-origin.ts';
import { serve } from '#server/http/serve.ts';
import { html, type ServerPages } from '#server/http/server-page.ts';
import { accountMessages, accountPaths, type LoginNotice } from '#shared/accounts.ts';
import {
  formToken,
  resetPassword,
  resetPasswordPage,
  sendResetLink,
  signIn,
  signInPage,
  signInProofField,
  signOut,
} from '#shared/api/accounts.ts';
import { emailAddressProblem } from '#shared/email.ts';
import { looksLikePasswordHash } from '#shared/password.ts';
import { backOfficeHome, returnPathField, safeReturnPath } from '#shared/return-path.ts';
import type { AccountService } from './service.ts';
import { sessionLifetimeMs } from './sign-in.ts';

export interface AccountRoutesOptions {
  accounts: AccountService;
  formTokens: FormTokens;
  pages: SitePages;
  serverPages: ServerPages;
  publicUrl: URL;
  rateLimitPerMinute: number;
  /** Called after a commit that queued mail. */
  mailQueued: () => void;
}

/** The session cookie's name and settings: HttpOnly, SameSite=Lax, Secure and `__Host-` under https. */
export function sessionCookie(publicUrl: URL) {
  const https = publicUrl.protocol === 'https:';
  return {
    name: https ? '__Host-session' : 'session',
    options: { path: '/', httpOnly: true, sameSite: 'lax', secure: https } as const,
  };
}

/** Sign-in, sign-out, the forgotten-password link and the reset (docs/behaviour/accounts.md#staff-accounts-and-sign-in). */
export const accountsPlugin: FastifyPluginAsync<AccountRoutesOptions> = async (app, options) => {
  const { accounts, formTokens, serverPages } = options;
  const formLimit = perMinute(options.rateLimitPerMinute);
  const session = sessionCookie(options.publicUrl);
  const toLogin = (reply: FastifyReply, notice: LoginNotice, returnPath = backOfficeHome) => {
    // A failed attempt keeps the page to return to, so the next one still gets there.
    const next = returnPath === backOfficeHome ? '' : `&${returnPathField}=${encodeURIComponent(returnPath)}`;
    return reply.redirect(`${signIn.path}?notice=${notice}${next}`, 303);
  };

  serve(app, formToken, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { token: formTokens.issue(request, reply) };
  });

  serve(
    app,
    signIn,
    async (request, reply) => {
      const form = request.body;
      const returnPath = safeReturnPath(form[returnPathField]);
      if (sentWithoutScript(form)) return toLogin(reply, 'needs-script', returnPath);
      if (!formTokens.check(request, form.formToken)) return toLogin(reply, 'form-expired', returnPath);
      const passwordHash = form.p ?? '';
      if (!looksLikePasswordHash(passwordHash)) return unreadablePassword(reply);
      const email = form.emailAddress ?? '';
      // No account has an address that is not one (and an odd character could not even be looked up).
      if (emailAddressProblem(email)) return toLogin(reply, 'sign-in-failed', returnPath);
      const remember = ['on', 'true', '1'].includes(form.rememberMe ?? '');
      const result = await accounts.signIn({
        email,
        passwordHash,
        remember,
        ipAddress: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        proofOfWork: form[signInProofField] ?? '',
      });
      if (result.outcome === 'wait') return toLogin(reply, 'wait', returnPath);
      if (result.outcome === 'proof-needed') return toLogin(reply, 'proof-of-work', returnPath);
      if (result.outcome === 'refused') {
        if (result.mailQueued) options.mailQueued();
        return toLogin(reply, 'sign-in-failed', returnPath);
      }
      // A new id at every sign-in (never one the browser brought), and the old session ends.
      await accounts.endSession(request.cookies[session.name]);
      reply.setCookie(session.name, result.sessionId, {
        ...session.options,
        ...(result.kind === 'remembered' && { maxAge: sessionLifetimeMs.remembered / 1000 }),
      });
      return reply.redirect(returnPath, 303);
    },
    formLimit,
  );

  serve(app, signOut, async (request, reply) => {
    if (!formTokens.check(request, request.body.formToken))
      return reply.redirect(accountPaths.backOffice, 303);
    await accounts.signOut(request.cookies[session.name]);
    reply.clearCookie(session.name, session.options);
    return toLogin(reply, 'signed-out');
  });

  serve(
    app,
    sendResetLink,
    async (request, reply) => {
      reply.type('text/plain; charset=utf-8');
      if (!isSameOrigin(request, options.publicUrl)) {
        return reply.status(403).send('Please ask for the link from our own login page.');
      }
      const email = (request.body.emailAddress ?? '').trim();
      const problem = emailAddressProblem(email);
      if (problem) return reply.status(422).send(problem);
      // Answered before the work: a link, an email and an audit entry for an account, nothing otherwise, so
      // waiting for it would tell by the time taken whether the address has one. A failure is logged;
      // the person can ask again.
      reply.send(accountMessages.resetLinkSent(email));
      try {
        await accounts.sendResetLink(email, request.ip);
        options.mailQueued();
      } catch (error) {
        request.log.error({ err: error }, 'reset link not sent');
      }
      return reply;
    },
    formLimit,
  );

  // The site's page, served here so that it declares itself open while the site is being set up.
  serve(app, signInPage, (request, reply) =>
    options.pages.send(request, reply, options.pages.page(signInPage.path) as Page),
  );

  serve(app, resetPasswordPage, async (request, reply) => {
    // The site-wide Referrer-Policy (same-origin) keeps the link's token out of other sites' logs; a
    // stricter no-referrer would make the browser send `Origin: null` with the form, failing its check.
    reply.header('x-robots-tag', 'noindex');
    const resetPage = options.pages.page(resetPasswordPage.path);
    if (!resetPage || !(await accounts.tokenIsUsable(request.query.token ?? ''))) {
      return unusableLink(reply);
    }
    return options.pages.send(request, reply, resetPage);
  });

  serve(
    app,
    resetPassword,
    async (request, reply) => {
      const form = request.body;
      if (sentWithoutScript(form)) return needsScript(reply);
      if (!formTokens.check(request, form.formToken)) return formExpired(reply);
      const passwordHash = form.p ?? '';
      if (!looksLikePasswordHash(passwordHash)) return unreadablePassword(reply);
      if (!(await accounts.setPassword(form.token ?? '', passwordHash, request.ip))) {
        return unusableLink(reply);
      }
      options.mailQueued();
      return toLogin(reply, 'password-changed');
    },
    formLimit,
  );

  function unusableLink(reply: FastifyReply) {
    return serverPages.send(
      reply,
      410,
      'Link expired',
      html`<h1>This link has expired or has already been used</h1>
      <p>A link to set a password works once, and a reset link for one hour. You can ask for a new one:
      open the <a href="${signIn.path}">login page</a> and choose 'Forgotten your password?'.</p>`,
    );
  }

  function unreadablePassword(reply: FastifyReply) {
    return serverPages.send(
      reply,
      400,
      'Please try again',
      html`<h1>Your password did not arrive in a form we can read</h1>
      <p>The page scrambles your password before sending it, and that did not happen. Please reload the
      <a href="${signIn.path}">login page</a> and try again.</p>`,
    );
  }

  function needsScript(reply: FastifyReply) {
    return serverPages.send(
      reply,
      400,
      'Please turn on JavaScript',
      html`<h1>Choosing a password needs JavaScript</h1>
      <p>The page scrambles your password before it leaves your browser, which needs JavaScript. Turn it
      on in your browser, then open the link from your email again.</p>`,
    );
  }

  function formExpired(reply: FastifyReply) {
    return serverPages.send(
      reply,
      403,
      'Please try again',
      html`<h1>The page had been open too long</h1>
      <p>Please go back, reload the page and send the form again.</p>`,
    );
  }
};

/** The signed-in user of a request, or null. */
export function signedInUser(accounts: AccountService, publicUrl: URL, request: FastifyRequest) {
  return accounts.sessionUser(request.cookies[sessionCookie(publicUrl).name]);
}

/**
 * A password form sent as a plain form, its script never run: neither the form's token (fetched by the
 * script) nor the scrambled password is in it.
 */
function sentWithoutScript(form: { formToken?: string | undefined; p?: string | undefined }): boolean {
  return !form.formToken && !form.p;
}
