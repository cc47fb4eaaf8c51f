import { type FormEvent, useState } from 'react';
import { call } from '#client/lib/api-client.ts';
import { type PriceListAnswer, readPriceList, savePriceList } from '#shared/api/back-office-pricing.ts';
import type { PriceList } from '#shared/pricing.ts';
import { Feedback } from './Feedback.tsx';
import { NotLoaded } from './NotLoaded.tsx';
import { ServicePrices } from './ServicePrices.tsx';
import { useAction } from './useAction.ts';
import { useEndpoint } from './useEndpoint.ts';
import { WorkedExample } from './WorkedExample.tsx';

/**
 * The owners' price list (decision 030): each service's price and what drives it, VAT, and a worked
 * example priced as they type, by the same calculation proposals will use. Saved as a new version.
 */
export function PriceListEditor() {
  const stored = useEndpoint(readPriceList, {});
  if (!stored.data) return <NotLoaded problem={stored.problem} />;
  // Kept through a save: the form holds what was saved, and the next is saved from the new version.
  return <PriceListForm stored={stored.data} onSaved={stored.reload} />;
}

function PriceListForm({ stored, onSaved }: { stored: PriceListAnswer; onSaved: () => Promise<unknown> }) {
  const [list, setList] = useState<PriceList>(stored.priceList);
  const [rate, setRate] = useState(String(stored.priceList.vat.basisPoints / 100));
  const { status, problems, act } = useAction(async () => {
    await onSaved();
  });
  const save = (event: FormEvent) => {
    event.preventDefault();
    act(() => call(savePriceList, { body: { basedOn: stored.version, priceList: list } }));
  };
  return (
    <section aria-labelledby="price-list-title">
      <h1 id="price-list-title">Price list</h1>
      <p>
        {stored.version === null
          ? 'A starting point: change the prices to your own and save them.'
          : `Version ${stored.version}. Proposals are priced from the version saved when they are made.`}
      </p>
      <form onSubmit={save}>
        <fieldset className="bo-inline-form">
          <legend>VAT</legend>
          <label>
            Rate (%)
            <input
              inputMode="decimal"
              value={rate}
              onChange={(event) => {
                // Kept as typed ("17." on the way to 17.5); the rate changes once it reads as one.
                setRate(event.target.value);
                const basisPoints = Math.round(Number(event.target.value) * 100);
                if (/^\d{1,3}(\.\d{1,2})?$/.test(event.target.value.trim()) && basisPoints <= 10_000) {
                  setList({ ...list, vat: { ...list.vat, basisPoints } });
                }
              }}
            />
          </label>
          <label>
            Prices are shown
            <select
              value={list.vat.shown}
              onChange={(event) =>
                setList({ ...list, vat: { ...list.vat, shown: event.target.value as 'before' | 'with' } })
              }
            >
              <option value="before">before VAT</option>
              <option value="with">with VAT</option>
            </select>
          </label>
        </fieldset>
        <ServicePrices list={list} onChange={(services) => setList({ ...list, services })} />
        <button type="submit" className="button">
          Save price list
        </button>
        <Feedback status={status} problems={problems} />
      </form>
      <WorkedExample list={list} />
    </section>
  );
}
