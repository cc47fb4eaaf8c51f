import { escapeHtml } from './html.ts';
// The calculation without the schemas: this module is the instant quote page's script too.
import {
  type Answers,
  type Frequency,
  frequencies,
  frequencyWords,
  type Pricing,
  poundsOf,
  priceServices,
} from './price-calculation.ts';
import type { Driver, PriceList } from './pricing.ts';

// The instant quote on the public site (docs/behaviour/instant-quote.md): what the visitor's choices are
// read as, on the server (the form post) and in the page's script alike, and the price as they read it.
// The price is always `priceServices`' (decision 030); nothing here works out an amount of its own.

export const instantQuotePaths = {
  page: '/instant-quote',
  send: '/instant-quote/send',
  sent: '/instant-quote/sent',
} as const;

export const instantQuoteWords = {
  title: 'Get a price in a minute',
  lead: 'Tick the services you would like and answer a few questions about your business. Your price is worked out from our price list as you choose.',
  servicesLegend: 'What would you like us to do?',
  driversLegend: 'About your business',
  choose: 'Choose one',
  showPrice: 'Show my price',
  priceHeading: 'Your price',
  noPriceYet: 'Tick a service and answer its questions to see your price.',
  sendHeading: 'Send me this quote',
  sendLead:
    'We will email you these figures, and one of our accountants will be in touch to talk them through.',
  sendButton: 'Send me this quote',
  noServices: 'Please tick at least one service',
  unknownService: 'A service you ticked is no longer on our price list: please choose again',
  sentTitle: 'Your quote is on its way',
  off: 'The instant quote is not available at the moment',
  needsScript:
    'Sending the quote needs the page’s script, which your browser did not run, to check you are a person. Turn JavaScript on and send it again, or call or email us with the figures above.',
} as const;

/** The form field of a driver's answer: `driver-turnover`. */
export const driverField = (key: string) => `driver-${key}`;
export const servicesField = 'services';

/** The drivers some service's price depends on, in the price list's order: those the page asks. */
export function askedDrivers(list: PriceList, chosen?: readonly string[]): Driver[] {
  const services = chosen ? list.services.filter((s) => chosen.includes(s.key)) : list.services;
  const used = new Set(services.flatMap((service) => service.rules.map((rule) => rule.driver)));
  return list.drivers.filter((driver) => used.has(driver.key));
}

/** A problem with what was chosen, on the field it concerns. */
export interface ChoiceProblem {
  field: string;
  message: string;
}

/** The services ticked and the answers the price depends on, as read from a form. */
export interface Choices {
  services: string[];
  answers: Answers;
  problems: ChoiceProblem[];
}

const texts = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.filter((v) => typeof v === 'string')
      : [];

/**
 * Reads the services and answers from a form's fields (a form post's body, or the page's own form):
 * only services on the price list, and only answers to the drivers those services depend on, each an
 * option the driver has or a whole number within its limit. Anything else is a problem, said in words.
 */
export function readChoices(list: PriceList, form: Readonly<Record<string, unknown>>): Choices {
  const problems: ChoiceProblem[] = [];
  const ticked = [...new Set(texts(form[servicesField]))];
  const known = new Set(list.services.map((service) => service.key));
  if (ticked.some((key) => !known.has(key))) {
    problems.push({ field: servicesField, message: instantQuoteWords.unknownService });
  }
  const services = list.services.map((service) => service.key).filter((key) => ticked.includes(key));
  if (services.length === 0 && problems.length === 0) {
    problems.push({ field: servicesField, message: instantQuoteWords.noServices });
  }
  const answers: Record<string, string | number> = {};
  for (const driver of askedDrivers(list, services)) {
    const field = driverField(driver.key);
    const [given = ''] = texts(form[field]);
    const typed = given.trim();
    if (driver.kind === 'choice') {
      if (driver.options.some((option) => option.key === typed)) answers[driver.key] = typed;
      else problems.push({ field, message: `Please choose an answer to “${driver.label}”` });
    } else if (typed === '') {
      problems.push({ field, message: `Please answer “${driver.label}”` });
    } else if (!/^\d{1,7}$/.test(typed) || Number(typed) > driver.max) {
      problems.push({
        field,
        message: `${driver.label}: please enter a whole number from 0 to ${driver.max.toLocaleString('en-GB')}`,
      });
    } else {
      answers[driver.key] = Number(typed);
    }
  }
  return { services, answers, problems };
}

/** "20%", "17.5%" from basis points. */
export const vatRateWords = (basisPoints: number) => `${(basisPoints / 100).toLocaleString('en-GB')}%`;

/** One amount as the visitor is shown it: with VAT or before it, as the price list says. */
const shown = (vat: PriceList['vat'], amount: { fee: number; vat: number }) =>
  vat.shown === 'with' ? amount.fee + amount.vat : amount.fee;

/** A total for one frequency, in words: "£130.00 a month plus VAT of £26.00". */
export interface TotalLine {
  frequency: Frequency;
  words: string;
}

/** The price as the visitor reads it: each service's amount, the totals and how VAT is shown. */
export interface QuoteView {
  lines: { name: string; often: string; amount: string }[];
  totals: TotalLine[];
  vatNote: string;
}

export function quoteView(vat: PriceList['vat'], pricing: Pricing): QuoteView {
  const withVat = vat.shown === 'with';
  const rate = vatRateWords(vat.basisPoints);
  return {
    lines: pricing.services.map((service) => ({
      name: service.name,
      often: frequencyWords[service.frequency],
      amount: poundsOf(shown(vat, service)),
    })),
    totals: frequencies
      .filter((frequency) => pricing.services.some((service) => service.frequency === frequency))
      .map((frequency) => {
        const total = pricing.totals[frequency];
        const onTop = withVat ? 'including VAT of' : 'plus VAT of';
        return {
          frequency,
          words: `${poundsOf(shown(vat, total))} ${frequencyWords[frequency]} ${onTop} ${poundsOf(total.vat)}`,
        };
      }),
    vatNote: withVat ? `Prices include VAT at ${rate}.` : `Prices are before VAT at ${rate}.`,
  };
}

/**
 * The price's HTML, every word escaped: the server writes it into the page and the page's script writes
 * it again as choices change, so the two always read alike.
 */
export function priceHtml(view: QuoteView | null): string {
  if (!view) return `<p>${escapeHtml(instantQuoteWords.noPriceYet)}</p>`;
  const rows = view.lines
    .map(
      (line) =>
        `<tr><th scope="row">${escapeHtml(line.name)}</th><td>${escapeHtml(line.often)}</td><td class="amount">${escapeHtml(line.amount)}</td></tr>`,
    )
    .join('');
  const totals = view.totals.map((total) => `<li>${escapeHtml(total.words)}</li>`).join('');
  return (
    `<table class="instant-quote-lines"><caption>${escapeHtml(view.vatNote)}</caption>` +
    `<thead><tr><th scope="col">Service</th><th scope="col">How often</th><th scope="col">Price</th></tr></thead>` +
    `<tbody>${rows}</tbody></table>` +
    `<h3>In total</h3><ul class="instant-quote-totals">${totals}</ul>`
  );
}

/** The price of what was chosen, or null while the choices have a problem. */
export function priceOf(list: PriceList, choices: Choices): Pricing | null {
  return choices.problems.length > 0 ? null : priceServices(list, choices.services, choices.answers);
}

/** What a lead from the instant quote carries: what was chosen and the price the server worked out. */
export interface InstantQuoteRecord {
  /** The price list's version (null: the starter list, before an owner saved one). */
  priceListVersion: number | null;
  vat: PriceList['vat'];
  services: string[];
  answers: Answers;
  /** Each answer in words, under its driver's label, as the visitor read them. */
  answerLines: { label: string; value: string }[];
  pricing: Pricing;
}

/** The answers in words: a choice's option label, a count as a number. */
export function answerLines(list: PriceList, answers: Answers): { label: string; value: string }[] {
  return list.drivers.flatMap((driver) => {
    const answer = answers[driver.key];
    if (answer === undefined) return [];
    const value =
      driver.kind === 'choice'
        ? (driver.options.find((option) => option.key === answer)?.label ?? String(answer))
        : Number(answer).toLocaleString('en-GB');
    return [{ label: driver.label, value }];
  });
}

/** The quote as rows of an email or a back-office page: each service, each total, then each answer. */
export function quoteRows(record: InstantQuoteRecord): [string, string][] {
  const view = quoteView(record.vat, record.pricing);
  return [
    ...view.lines.map((line): [string, string] => [line.name, `${line.amount} ${line.often}`]),
    ...view.totals.map((total): [string, string] => ['In total', total.words]),
    ...record.answerLines.map((answer): [string, string] => [answer.label, answer.value]),
  ];
}
