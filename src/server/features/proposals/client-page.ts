import { html, type SafeHtml, type ServerPages } from '#server/http/server-page.ts';
import { acceptProposal, declineProposal } from '#shared/api/proposal-page.ts';
import { mailtoHref } from '#shared/mailto.ts';
import { feeAndVatWords, poundsOf } from '#shared/money.ts';
import { frequencies, frequencyWords } from '#shared/pricing.ts';
import { type ProposalLine, proposalTotals } from '#shared/proposals.ts';
import type { ClientProposal } from './client-records.ts';
import type { Terms } from './terms.ts';
import { dateTimeWords } from './words.ts';

// The proposal's page as its client reads it, on a phone or a laptop: who it is from and for, the
// covering message, the services and their fees, the optional extras to tick (the page's small script,
// behaviour/proposal-totals.ts, keeps the totals up to date; without it the form posts all the same),
// the terms of business, and the forms to accept or decline. Every value is escaped (`html`), and rich
// text is drawn by the pages' own renderer.

/** What the accept form was sent with, and what was wrong with it, to show it again as it was. */
export interface Typed {
  fullName: string;
  agreed: boolean;
  extras: readonly string[];
  reason: string;
}

export type Problems = Partial<Record<'fullName' | 'agree' | 'terms' | 'reason', string>>;

export const nothingTyped: Typed = { fullName: '', agreed: false, extras: [], reason: '' };

/** The proposal's page, with the forms as they were sent and their problems beside their fields. */
export function proposalHtml(
  pages: ServerPages,
  { proposal, terms, token }: { proposal: ClientProposal; terms: Terms; token: string },
  typed: Typed = nothingTyped,
  problems: Problems = {},
): SafeHtml {
  const { document } = proposal;
  const firm = pages.firm;
  const withVat = document.vat.shown === 'with';
  const shownFee = (line: ProposalLine) => poundsOf(withVat ? line.fee + line.vat : line.fee);
  const included = document.lines.filter((line) => !line.optional);
  const extras = document.lines.filter((line) => line.optional);
  const totals = proposalTotals(document, typed.extras);
  const until = proposal.expiresAt ? html` · Open until ${dateTimeWords(proposal.expiresAt)}` : '';
  const problem = (field: keyof Problems) => {
    const text = problems[field];
    return text
      ? {
          message: html`<p class="field__error" id="proposal-${field}-error">${text}</p>`,
          attributes: html` aria-invalid="true" aria-describedby="proposal-${field}-error"`,
        }
      : { message: html``, attributes: html`` };
  };
  const name = problem('fullName');
  const agree = problem('agree');
  const reason = problem('reason');

  return html`<article class="proposal">
    <h1>Our proposal for ${document.addressedTo}</h1>
    <p class="proposal__meta">From ${firm.name} · Reference ${proposal.reference}${until}</p>
    <div class="proposal__message">${pages.richText(document.message, 3)}</div>

    <form method="post" action="${acceptProposal.path}" class="proposal__form" data-proposal-totals novalidate>
      <input type="hidden" name="token" value="${token}">
      <input type="hidden" name="terms" value="${terms.version === null ? 'starter' : String(terms.version)}">
      <h2>What we will do for you</h2>
      <table class="proposal__fees">
        <caption>Fees ${withVat ? 'with VAT' : 'before VAT'}</caption>
        <thead><tr><th scope="col">Service</th><th scope="col">Fee</th></tr></thead>
        <tbody>
          ${included.map(
            (
              line,
            ) => html`<tr data-frequency="${line.frequency}" data-fee="${line.fee}" data-vat="${line.vat}">
              <th scope="row">${line.name}${line.description ? html`<span class="proposal__hint">${line.description}</span>` : ''}</th>
              <td>${shownFee(line)} ${frequencyWords[line.frequency]}</td>
            </tr>`,
          )}
        </tbody>
      </table>
      ${
        extras.length === 0
          ? ''
          : html`<fieldset class="proposal__extras">
        <legend>Optional extras: tick any you would like</legend>
        ${extras.map(
          (line) => html`<div class="proposal__extra">
            <input type="checkbox" id="extra-${line.key}" name="extras" value="${line.key}"
              data-frequency="${line.frequency}" data-fee="${line.fee}" data-vat="${line.vat}"${typed.extras.includes(line.key) ? html` checked` : ''}>
            <label for="extra-${line.key}">${line.name}: ${shownFee(line)} ${frequencyWords[line.frequency]}${line.description ? html`<span class="proposal__hint">${line.description}</span>` : ''}</label>
          </div>`,
        )}
      </fieldset>`
      }
      <table class="proposal__totals" aria-live="polite">
        <caption>Your total</caption>
        <tbody>
          ${frequencies.map(
            (
              frequency,
            ) => html`<tr data-total="${frequency}"${totals[frequency].fee === 0 ? html` hidden` : ''}>
              <th scope="row">Total ${frequencyWords[frequency]}</th>
              <td>${feeAndVatWords(totals[frequency].fee, totals[frequency].vat)}</td>
            </tr>`,
          )}
        </tbody>
      </table>

      <h2 id="terms">Terms of business</h2>
      <div class="proposal__terms">${pages.richText(terms.body, 3)}</div>

      <h2 id="accept">Accept this proposal</h2>
      ${problems.terms ? html`<p class="field__error" role="alert">${problems.terms}</p>` : ''}
      <div class="field">
        <label for="proposal-fullName">Your full name</label>
        <p class="field__hint" id="proposal-fullName-hint">Typing it is your signature.</p>
        ${name.message}
        <input id="proposal-fullName" name="fullName" autocomplete="name" required maxlength="120"
          value="${typed.fullName}"${name.attributes}>
      </div>
      <div class="field proposal__agree">
        ${agree.message}
        <div class="proposal__extra">
          <input type="checkbox" id="proposal-agree" name="agree" value="yes"${typed.agreed ? html` checked` : ''}${agree.attributes}>
          <label for="proposal-agree">I agree to the <a href="#terms">terms of business</a></label>
        </div>
      </div>
      <button type="submit" class="button">Accept</button>
    </form>

    <form method="post" action="${declineProposal.path}" class="proposal__decline" novalidate>
      <input type="hidden" name="token" value="${token}">
      <h2>Or decline it</h2>
      <div class="field">
        <label for="proposal-reason">Why not? (optional)</label>
        ${reason.message}
        <textarea id="proposal-reason" name="reason" rows="3" maxlength="2000"${reason.attributes}>${typed.reason}</textarea>
      </div>
      <button type="submit" class="button button--secondary">Decline</button>
    </form>
    ${askUs(pages)}
  </article>`;
}

/** How to reach the firm, for every page a client may need to ask something of. */
export function askUs(pages: ServerPages): SafeHtml {
  const { phone, phoneHref, email, name } = pages.firm;
  const ways: SafeHtml[] = [];
  if (phone) ways.push(html`call us on <a href="${phoneHref}">${phone}</a>`);
  if (email) ways.push(html`email <a href="${mailtoHref(email)}">${email}</a>`);
  if (ways.length === 0) return html``;
  return html`<p class="proposal__ask">Questions? ${name}: ${ways.flatMap((way, at) => (at === 0 ? [way] : [html` or `, way]))}.</p>`;
}

/** The page of a proposal answered already, or a link that does not work, in words. */
export function answeredHtml(pages: ServerPages, title: string, words: string): SafeHtml {
  return html`<h1>${title}</h1>
    <p>${words}</p>
    ${askUs(pages)}`;
}
