import { useRef, useState } from 'react';
import { call } from '#client/lib/api-client.ts';
import { type PriceListAnswer, readPriceList, savePriceList } from '#shared/api/back-office-pricing.ts';
import { backOfficeMessages } from '#shared/back-office.ts';
import { priceListMessages } from '#shared/price-list-messages.ts';
import type { PriceList } from '#shared/pricing.ts';
import { DriversEditor } from './DriversEditor.tsx';
import { Feedback } from './Feedback.tsx';
import { InstantQuoteSwitch } from './InstantQuoteSwitch.tsx';
import { NotLoaded } from './NotLoaded.tsx';
import { priceListProblems } from './price-list-edits.ts';
import { ServicePrices } from './ServicePrices.tsx';
import { useUnsavedChangesWarning } from './unsaved-changes.ts';
import { useAction } from './useAction.ts';
import { useEndpoint } from './useEndpoint.ts';
import { WorkedExample } from './WorkedExample.tsx';

/**
 * The owners' price list (decision 030): its services, what drives their prices and the rules between
 * them, VAT, and beside them a worked example priced as they type, by the same calculation proposals
 * use. Saved as a new version.
 */
export default function PriceListEditor() {
  const stored = useEndpoint(readPriceList, {});
  if (!stored.data) return <NotLoaded problem={stored.problem} />;
  // Kept through a save: the form holds what was saved, and the next is saved from the new version.
  return <PriceListForm stored={stored.data} onSaved={stored.reload} />;
}

function PriceListForm({ stored, onSaved }: { stored: PriceListAnswer; onSaved: () => Promise<unknown> }) {
  const [list, setList] = useState<PriceList>(stored.priceList);
  // What the server holds as the list stands: leaving with anything else asks first.
  const [saved, setSaved] = useState(() => JSON.stringify(stored.priceList));
  const sending = useRef(saved);
  const [rate, setRate] = useState(String(stored.priceList.vat.basisPoints / 100));
  const editing = useRef<HTMLDivElement>(null);
  const { status, problems, setProblems, act } = useAction(async () => {
    setSaved(sending.current);
    await onSaved();
  });
  useUnsavedChangesWarning(JSON.stringify(list) !== saved, priceListMessages.unsavedWarning);
  const save = () => {
    // What the schema would refuse is said first, in words; then a box whose text does not read, which
    // keeps its last good figure: saving that would not be what was typed.
    const refused = priceListProblems(list);
    const unreadable = editing.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (refused.length > 0 || unreadable) {
      setProblems(refused.length > 0 ? refused : [backOfficeMessages.priceListFixFirst]);
      unreadable?.focus();
      return;
    }
    sending.current = JSON.stringify(list);
    act(() => call(savePriceList, { body: { basedOn: stored.version, priceList: list } }));
  };
  const rateReads = /^\d{1,3}(\.\d{1,2})?%?$/.test(rate.trim()) && Number.parseFloat(rate) <= 100;
  return (
    <section aria-labelledby="price-list-title" className="bo-price-list">
      <h1 id="price-list-title">Price list</h1>
      <p>
        {stored.version === null
          ? 'A starting point: change the prices to your own and save them.'
          : `Version ${stored.version}. Proposals are priced from the version saved when they are made.`}
      </p>
      <div className="bo-price-list__columns">
        <div ref={editing}>
          <fieldset className="bo-inline-form">
            <legend>VAT</legend>
            <label>
              Rate (%)
              <input
                inputMode="decimal"
                value={rate}
                aria-invalid={!rateReads || undefined}
                aria-describedby={rateReads ? undefined : 'vat-rate-error'}
                onChange={(event) => {
                  // Kept as typed ("17." on the way to 17.5, "20%"); the rate changes once it reads as one.
                  const typed = event.target.value;
                  setRate(typed);
                  const basisPoints = Math.round(Number.parseFloat(typed) * 100);
                  if (/^\d{1,3}(\.\d{1,2})?%?$/.test(typed.trim()) && basisPoints <= 10_000) {
                    setList({ ...list, vat: { ...list.vat, basisPoints } });
                  }
                }}
              />
              {!rateReads && (
                <span id="vat-rate-error" className="field__error">
                  Enter the rate as a number from 0 to 100, like 20 or 17.5
                </span>
              )}
            </label>
            <label>
              Prices are shown
              <select
                value={list.vat.shown}
                aria-describedby="vat-shown-means"
                onChange={(event) =>
                  setList({ ...list, vat: { ...list.vat, shown: event.target.value as 'before' | 'with' } })
                }
              >
                <option value="before">before VAT</option>
                <option value="with">with VAT</option>
              </select>
            </label>
            <p id="vat-shown-means" className="bo-price-list__means">
              {list.vat.shown === 'with' ? priceListMessages.shownWith : priceListMessages.shownBefore}
            </p>
          </fieldset>
          <DriversEditor list={list} onChange={setList} />
          <ServicePrices list={list} onChange={(services) => setList({ ...list, services })} />
          <div className="bo-price-list__save">
            <button type="button" className="button" onClick={save}>
              Save price list
            </button>
            <Feedback status={status} problems={problems} />
          </div>
        </div>
        <WorkedExample list={list} />
      </div>
      <InstantQuoteSwitch />
    </section>
  );
}
