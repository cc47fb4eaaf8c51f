import { type ReactNode, useRef } from 'react';

// The plain controls of the page editor's sections: a line, a few lines, a tick, and a list of like
// things added and removed, each labelled as a partner would say it.

/** `item` with `key` set to `value`, or without the key at all when there is none (the schema's optional). */
export function withOptional<T extends object, K extends keyof T>(
  item: T,
  key: K,
  value: T[K] | undefined,
): T {
  const { [key]: _, ...rest } = item;
  return (value === undefined ? rest : { ...rest, [key]: value }) as T;
}

export function Line({
  id,
  label,
  value,
  onChange,
  max,
  hint,
  wide = false,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  max: number;
  hint?: string;
  /** Across the form's full width, not one column of it. */
  wide?: boolean;
}) {
  return (
    <div className={wide ? 'bo-field bo-field--wide' : 'bo-field'}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      <input
        id={id}
        type="text"
        value={value}
        maxLength={max}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

export function Lines({
  id,
  label,
  value,
  onChange,
  max,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  max: number;
}) {
  return (
    <div className="bo-field bo-field--wide">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={3}
        value={value}
        maxLength={max}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

export function Tick({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="bo-check" htmlFor={id}>
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  );
}

/** A list of like things (services, people, reviews, questions): each its own group, added and removed. */
export function Items<T>({
  items,
  name,
  adding,
  max,
  min = 1,
  blank,
  onChange,
  children,
}: {
  items: T[];
  name: (item: T, index: number) => string;
  /** The add button's words: "Add a service". */
  adding: string;
  max: number;
  /** How few there may be: the last of these has no Remove button. */
  min?: number;
  blank: T;
  onChange: (items: T[]) => void;
  children: (item: T, index: number, change: (next: T) => void) => ReactNode;
}) {
  /**
   * Swaps an item with its neighbour; focus follows it to its new place (to the other move button once
   * it reaches an end), so that a keyboard moves it on with the same key.
   */
  const move = (index: number, by: -1 | 1, button: HTMLElement) => {
    const to = index + by;
    const next = [...items];
    [next[index], next[to]] = [items[to] as T, items[index] as T];
    onChange(next);
    const list = button.closest('fieldset')?.parentElement;
    requestAnimationFrame(() => {
      const moved = list?.querySelectorAll(':scope > fieldset.bo-office')[to];
      (
        moved?.querySelector<HTMLButtonElement>(`[data-move="${by}"]`) ??
        moved?.querySelector<HTMLButtonElement>('[data-move]')
      )?.focus();
    });
  };
  /**
   * Removes an item; the keyboard goes to the first field of the one now in its place (or the last), so
   * that a second Enter never removes another.
   */
  const remove = (index: number, button: HTMLElement) => {
    const list = button.closest('fieldset')?.parentElement;
    onChange(items.filter((_, at) => at !== index));
    requestAnimationFrame(() => {
      const left = list?.querySelectorAll(':scope > fieldset.bo-office');
      const next = left?.[Math.min(index, left.length - 1)];
      (
        next?.querySelector<HTMLElement>('input, textarea, select, [contenteditable]') ??
        list?.querySelector<HTMLElement>(':scope > button')
      )?.focus();
    });
  };
  return (
    <>
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: items have no identity but their place
        <fieldset key={index} className="bo-office">
          <legend>{name(item, index)}</legend>
          {children(item, index, (next) => onChange(items.map((each, at) => (at === index ? next : each))))}
          <p className="bo-section__actions">
            {index > 0 && (
              <button
                type="button"
                className="button button--secondary"
                data-move="-1"
                onClick={(event) => move(index, -1, event.currentTarget)}
              >
                Move {name(item, index)} up
              </button>
            )}
            {index < items.length - 1 && (
              <button
                type="button"
                className="button button--secondary"
                data-move="1"
                onClick={(event) => move(index, 1, event.currentTarget)}
              >
                Move {name(item, index)} down
              </button>
            )}
            {items.length > min && (
              <button
                type="button"
                className="button button--secondary"
                onClick={(event) => remove(index, event.currentTarget)}
              >
                Remove {name(item, index)}
              </button>
            )}
          </p>
        </fieldset>
      ))}
      {items.length < max && (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => onChange([...items, blank])}
        >
          {adding}
        </button>
      )}
    </>
  );
}

/** What each type of section's fields are given: the section, where its changes go, and its fields' ids. */
export interface FieldsOf<S> {
  section: S;
  onChange: (next: S) => void;
  /** A field's id, unique on the page: the section's name and the field's. */
  id: (field: string) => string;
}

/** A link's words and address, both empty for none. */
export function LinkFields({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: { label: string; href: string } | undefined;
  onChange: (link: { label: string; href: string } | undefined) => void;
}) {
  const change = (next: { label: string; href: string }) =>
    onChange(next.label === '' && next.href === '' ? undefined : next);
  const link = value ?? { label: '', href: '' };
  return (
    <fieldset className="bo-field bo-field--wide bo-link-fields">
      <legend>{label}</legend>
      <Line
        id={`${id}-label`}
        label="Its words"
        value={link.label}
        max={60}
        onChange={(words) => change({ ...link, label: words })}
      />
      <Line
        id={`${id}-href`}
        label="Where it goes"
        hint="A page of this site, such as /contact, or a web address starting https://."
        value={link.href}
        max={2000}
        onChange={(href) => change({ ...link, href })}
      />
    </fieldset>
  );
}

/**
 * Lines of a list (what a fee covers, what happens next), each its own field, added and removed; the list
 * may be empty. Removing a line puts the keyboard on the line now in its place, or on the add button.
 */
export function LineItems({
  id,
  label,
  itemName = 'Line',
  adding,
  items,
  max,
  maxLength,
  onChange,
}: {
  id: string;
  label: string;
  /** What each line is called: "Step 1", "Answer 2". */
  itemName?: string;
  adding: string;
  items: readonly string[];
  max: number;
  maxLength: number;
  onChange: (items: string[]) => void;
}) {
  const group = useRef<HTMLFieldSetElement>(null);
  const remove = (index: number) => {
    onChange(items.filter((_, at) => at !== index));
    requestAnimationFrame(() => {
      const inputs = group.current?.querySelectorAll<HTMLInputElement>('input');
      (inputs?.[Math.min(index, inputs.length - 1)] ?? group.current?.querySelector('button'))?.focus();
    });
  };
  return (
    <fieldset ref={group} className="bo-field bo-field--wide bo-line-items">
      <legend>{label}</legend>
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity but their place
        <div key={index} className="bo-line-item">
          <Line
            id={`${id}-${index}`}
            label={`${itemName} ${index + 1}`}
            value={item}
            max={maxLength}
            onChange={(line) => onChange(items.map((each, at) => (at === index ? line : each)))}
          />
          <button type="button" className="button button--secondary" onClick={() => remove(index)}>
            Remove {itemName.toLowerCase()} {index + 1}
          </button>
        </div>
      ))}
      {items.length < max && (
        <button type="button" className="button button--secondary" onClick={() => onChange([...items, ''])}>
          {adding}
        </button>
      )}
    </fieldset>
  );
}

/** A section's heading, which some types may leave empty. */
export function HeadingField<S extends { heading?: string | undefined }>({
  section,
  onChange,
  id,
  optional = false,
}: FieldsOf<S> & { optional?: boolean }) {
  return (
    <Line
      id={id('heading')}
      label={optional ? 'Heading (if it has one)' : 'Heading'}
      value={section.heading ?? ''}
      max={120}
      onChange={(heading) => onChange({ ...section, heading })}
      wide
    />
  );
}
