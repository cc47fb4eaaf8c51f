import { html, SafeHtml } from '#server/http/server-page.ts';
import {
  askedDrivers,
  type ChoiceProblem,
  driverField,
  instantQuotePaths,
  instantQuoteWords,
  priceHtml,
  type QuoteView,
  servicesField,
} from '#shared/instant-quote.ts';
import { consentWording, honeypotField } from '#shared/mailing-list.ts';
import { frequencyWords, type PriceList, poundsOf, priceServices } from '#shared/pricing.ts';

// The instant quote's page, written by the server for every visit and every form post, so that it works
// without the page's script; with it, the script prices each change from the price list the form carries.

/** What the visitor posted, to be shown again as it was (nothing of it is trusted as a price). */
export type Posted = Readonly<Record<string, unknown>>;

export interface QuotePageState {
  list: PriceList;
  firmName: string;
  posted: Posted;
  /** The price worked out by the server, or null when there is none to show yet. */
  view: QuoteView | null;
  /** Each problem, on its field, in the form's order. */
  problems: ChoiceProblem[];
}

const idOf = (field: string) => `iq-${field}`;
const serviceId = (key: string) => idOf(`${servicesField}-${key}`);
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const values = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : Array.isArray(value) ? value.map(String) : [];

/** A field's error above its control, and the attributes that tie the two together. */
function errorOf(problems: ChoiceProblem[], field: string) {
  const problem = problems.find((p) => p.field === field);
  if (!problem) return { error: html``, invalid: html`` };
  return {
    error: html`<p id="${idOf(field)}-error" class="field__error"><span class="visually-hidden">Error: </span>${problem.message}</p>`,
    invalid: html` aria-invalid="true" aria-describedby="${idOf(field)}-error"`,
  };
}

/** "From £90.00 a month" under each service: its price before any answer adds to it. */
function fromPrice(list: PriceList, service: PriceList['services'][number]) {
  const [alone] = priceServices(list, [service.key], {}).services;
  const base = alone ? (list.vat.shown === 'with' ? alone.fee + alone.vat : alone.fee) : 0;
  return `From ${poundsOf(base)} ${frequencyWords[service.frequency]}`;
}

function servicesFieldset({ list, posted, problems }: QuotePageState) {
  const ticked = values(posted[servicesField]);
  const { error } = errorOf(problems, servicesField);
  return html`<fieldset class="choice instant-quote__services">
    <legend>${instantQuoteWords.servicesLegend}</legend>
    ${error}
    ${list.services.map(
      (service) => html`<label class="choice__option">
        <input type="checkbox" name="${servicesField}" value="${service.key}" id="${serviceId(service.key)}"${ticked.includes(service.key) ? html` checked` : html``}>
        <span><strong>${service.name}</strong>: ${fromPrice(list, service)}${service.description ? html`<br><span class="field__hint">${service.description}</span>` : html``}</span>
      </label>`,
    )}
  </fieldset>`;
}

function driverFields({ list, posted, problems }: QuotePageState) {
  return askedDrivers(list).map((driver) => {
    const field = driverField(driver.key);
    const { error, invalid } = errorOf(problems, field);
    const given = text(posted[field]);
    if (driver.kind === 'choice') {
      return html`<div class="field" data-driver="${driver.key}">
        <label for="${idOf(field)}">${driver.label}</label>
        ${error}
        <select id="${idOf(field)}" name="${field}"${invalid}>
          <option value="">${instantQuoteWords.choose}</option>
          ${driver.options.map(
            (option) =>
              html`<option value="${option.key}"${given === option.key ? html` selected` : html``}>${option.label}</option>`,
          )}
        </select>
      </div>`;
    }
    return html`<div class="field" data-driver="${driver.key}">
      <label for="${idOf(field)}">${driver.label}</label>
      ${error}
      <input class="field__number" id="${idOf(field)}" name="${field}" type="text" inputmode="numeric" autocomplete="off" value="${given}"${invalid}>
    </div>`;
  });
}

function errorSummary(list: PriceList, problems: ChoiceProblem[]) {
  if (problems.length === 0) return html``;
  const target = (field: string) =>
    field === servicesField ? firstServiceId : field === 'recToken' ? 'iq-send-heading' : idOf(field);
  const firstServiceId = serviceId(list.services[0]?.key ?? '');
  return html`<div class="error-summary" role="alert" tabindex="-1" id="iq-problems">
    <h2>There is a problem</h2>
    <ul>${problems.map((p) => html`<li><a href="#${target(p.field)}">${p.message}</a></li>`)}</ul>
  </div>`;
}

function sendFields({ firmName, posted, problems }: QuotePageState) {
  const name = errorOf(problems, 'name');
  const email = errorOf(problems, 'emailAddress');
  const accept = errorOf(problems, 'accept');
  const ticked = (field: string) => (posted[field] === 'on' ? html` checked` : html``);
  return html`<h2 id="iq-send-heading">${instantQuoteWords.sendHeading}</h2>
    <p>${instantQuoteWords.sendLead}</p>
    <div class="field">
      <label for="${idOf('name')}">Your name</label>
      ${name.error}
      <input id="${idOf('name')}" name="name" type="text" autocomplete="name" value="${text(posted.name)}"${name.invalid}>
    </div>
    <div class="field">
      <label for="${idOf('emailAddress')}">Email address</label>
      ${email.error}
      <input id="${idOf('emailAddress')}" name="emailAddress" type="email" autocomplete="email" value="${text(posted.emailAddress)}"${email.invalid}>
    </div>
    <div class="visually-hidden" aria-hidden="true">
      <label>Leave this empty <input type="text" name="${honeypotField}" tabindex="-1" autocomplete="off"></label>
    </div>
    <div class="field tick-box">
      <label class="choice__option"><input id="${idOf('optin')}" type="checkbox" name="optin"${ticked('optin')}>
      <span>${consentWording('quote-form', firmName)}</span></label>
    </div>
    <div class="field tick-box">
      ${accept.error}
      <label class="choice__option"><input id="${idOf('accept')}" type="checkbox" name="accept"${ticked('accept')}${accept.invalid}>
      <span>I agree to ${firmName} using these details to answer my enquiry, as set out in the privacy notice.</span></label>
    </div>
    <p class="field__hint"><a href="/privacy">Read our privacy notice</a> to see how we look after your details.</p>
    <input type="hidden" name="recToken" value="">
    <div data-bot-check-place></div>
    <p><button type="submit" class="button" formaction="${instantQuotePaths.send}">${instantQuoteWords.sendButton}</button>
      <span role="status" data-send-status></span></p>`;
}

/** The whole instant quote: the choices, the price, and the form that sends it. */
export function instantQuoteContent(state: QuotePageState): SafeHtml {
  return html`<div class="container instant-quote">
    <h1>${instantQuoteWords.title}</h1>
    <p class="lead">${instantQuoteWords.lead}</p>
    <form method="post" action="${instantQuotePaths.page}" novalidate data-instant-quote data-price-list="${JSON.stringify(state.list)}">
      ${errorSummary(state.list, state.problems)}
      ${servicesFieldset(state)}
      <fieldset class="choice instant-quote__drivers">
        <legend>${instantQuoteWords.driversLegend}</legend>
        ${driverFields(state)}
      </fieldset>
      <p data-show-price><button type="submit" class="button button--secondary">${instantQuoteWords.showPrice}</button></p>
      <section class="instant-quote__price" aria-labelledby="iq-price-heading">
        <h2 id="iq-price-heading">${instantQuoteWords.priceHeading}</h2>
        <div id="iq-price" aria-live="polite">${new SafeHtml(priceHtml(state.view))}</div>
      </section>
      ${sendFields(state)}
    </form>
  </div>`;
}

/** After sending: thanks, where the figures went, and a call offered. */
export function sentContent(firm: { name: string; replyPromise: string }): SafeHtml {
  return html`<div class="container instant-quote">
    <h1>${instantQuoteWords.sentTitle}</h1>
    <p>Thank you. We have emailed you the figures, and one of our accountants will be in touch within ${firm.replyPromise}.</p>
    <p>Would you rather talk them through now? Book a free initial call at a time that suits you.</p>
    <p><button type="button" class="button" data-book-call="">Book an initial call</button></p>
    <p><a href="${instantQuotePaths.page}">Work out another price</a></p>
  </div>`;
}
