import { useEffect, useId, useRef, useState } from 'react';
import { FieldError } from '#client/lib/FieldError.tsx';
import { type FirmDetails, firmFieldLabels } from '#shared/firm-details.ts';

type Office = FirmDetails['offices'][number];
const blankOffice: Office = { name: '', street: '', town: '', postcode: '', phone: '' };
const fields = [
  ['name', 'officeName'],
  ['street', 'officeStreet'],
  ['town', 'officeTown'],
  ['postcode', 'officePostcode'],
  ['phone', 'officePhone'],
] as const;
const officeLabels: readonly string[] = fields.map(([, label]) => firmFieldLabels[label]);

/**
 * The firm's offices besides the registered one, on the Firm details screen: each its own group, added
 * and removed with buttons. The server's refusals about them are shown under the list, each naming the
 * field it is about.
 */
export function OfficesEditor({
  offices,
  onChange,
  problems,
}: {
  offices: Office[];
  onChange: (offices: Office[]) => void;
  problems: string[];
}) {
  const id = useId();
  // Where the keyboard goes after a button changed the list: the new office's first field, or after a
  // removal the Add button, so a keyboard user is never thrown back to the top of the page.
  const [focusAfter, setFocusAfter] = useState<'added' | 'removed' | null>(null);
  const group = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (!focusAfter) return;
    const names = group.current?.querySelectorAll<HTMLInputElement>('input[id$="-name"]');
    const target =
      focusAfter === 'added'
        ? names?.[names.length - 1]
        : group.current?.querySelector<HTMLButtonElement>('button[data-add-office]');
    target?.focus();
    setFocusAfter(null);
  }, [focusAfter]);
  const about = problems.filter((problem) =>
    [firmFieldLabels.offices, ...officeLabels].some((label) => problem.startsWith(`${label}:`)),
  );
  const change = (index: number, next: Partial<Office>) =>
    onChange(offices.map((office, at) => (at === index ? { ...office, ...next } : office)));
  return (
    <fieldset ref={group} aria-describedby={about.length > 0 ? `${id}-error` : undefined}>
      <legend>{firmFieldLabels.offices}</legend>
      <p className="field__hint">
        Offices besides the registered one (up to six), shown on the contact pages.
      </p>
      {offices.map((office, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an office has no identity of its own but its place
        <fieldset key={index} className="bo-office">
          <legend>{office.name || `Office ${index + 1}`}</legend>
          {fields.map(([key, label]) => (
            <div key={key} className="bo-field">
              <label htmlFor={`${id}-${index}-${key}`}>
                {firmFieldLabels[label]}
                {key === 'phone' && ' (if it has its own)'}
              </label>
              <input
                id={`${id}-${index}-${key}`}
                type={key === 'phone' ? 'tel' : 'text'}
                value={office[key]}
                onChange={(event) => change(index, { [key]: event.target.value })}
              />
            </div>
          ))}
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              onChange(offices.filter((_, at) => at !== index));
              setFocusAfter('removed');
            }}
          >
            Remove {office.name || `office ${index + 1}`}
          </button>
        </fieldset>
      ))}
      {offices.length < 6 && (
        <button
          type="button"
          className="button button--secondary"
          data-add-office
          onClick={() => {
            onChange([...offices, blankOffice]);
            setFocusAfter('added');
          }}
        >
          Add an office
        </button>
      )}
      <FieldError id={`${id}-error`} error={about.join(' ')} />
    </fieldset>
  );
}
