import { newToken, settings } from '#client/features/bot-check/token.ts';
import { botCheckActions, botCheckMessages } from '#shared/bot-check.ts';
import {
  askedDrivers,
  instantQuotePaths,
  priceHtml,
  priceOf,
  quoteView,
  readChoices,
} from '#shared/instant-quote.ts';
import type { PriceList } from '#shared/pricing.ts';

/**
 * The instant quote's page as the visitor chooses (docs/behaviour/instant-quote.md): the server wrote the
 * whole form, which works as plain form posts; this prices each change from the price list the form
 * carries, with the same calculation and the same words as the server, asks only the questions the ticked
 * services depend on, and adds the bot check's token when the quote is sent (still as a form post).
 */
export function startInstantQuote(form: HTMLFormElement): void {
  const list = JSON.parse(form.dataset.priceList ?? '{}') as PriceList;
  const price = form.querySelector<HTMLElement>('#iq-price');
  const showPrice = form.querySelector<HTMLElement>('[data-show-price]');
  if (showPrice) showPrice.hidden = true;

  const fields = () => {
    const read: Record<string, string | string[]> = {};
    for (const [name, value] of new FormData(form)) {
      if (typeof value !== 'string') continue;
      const had = read[name];
      read[name] = had === undefined ? value : [...[had].flat(), value];
    }
    return read;
  };

  const update = () => {
    const choices = readChoices(list, fields());
    // With nothing ticked every question shows; otherwise only those the ticked services depend on.
    const asked = new Set(
      askedDrivers(list, choices.services.length > 0 ? choices.services : undefined).map((d) => d.key),
    );
    for (const field of form.querySelectorAll<HTMLElement>('[data-driver]')) {
      field.hidden = !asked.has(field.dataset.driver ?? '');
    }
    const pricing = priceOf(list, choices);
    if (price) price.innerHTML = priceHtml(pricing ? quoteView(list.vat, pricing) : null);
  };
  form.addEventListener('input', update);
  form.addEventListener('change', update);
  update();

  let sending = false;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const submitter = event.submitter as HTMLButtonElement | null;
    // Enter in a question asks for the price, which is already shown: only the send button sends.
    if (!submitter?.formAction.endsWith(instantQuotePaths.send) || sending) return;
    sending = true;
    const status = form.querySelector<HTMLElement>('[data-send-status]');
    if (status) status.textContent = 'Sending…';
    const place = form.querySelector<HTMLElement>('[data-bot-check-place]');
    settings()
      .then((found) => newToken(found, botCheckActions.quote, place))
      .then(
        (token) => {
          const field = form.elements.namedItem('recToken');
          if (field instanceof HTMLInputElement) field.value = token;
          form.action = instantQuotePaths.send;
          form.submit();
        },
        () => {
          sending = false;
          if (status) status.textContent = botCheckMessages.failed;
        },
      );
  });
}
