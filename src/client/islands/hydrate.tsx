import type { ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { firmOfThisPage } from '#client/lib/firm.tsx';
import type { PageFirm } from '#shared/site-firm.ts';
import { type IslandName, loadIsland } from './catalogue.ts';
import { IslandTree } from './island-tree.tsx';

let pageFirm: PageFirm | undefined;
/** The firm the page carries, read once for all its islands. */
const firmOfPage = () => (pageFirm ??= firmOfThisPage());

/**
 * Brings one island to life where the server wrote it (src/client/islands/Island.tsx): loads its
 * component, hydrates it with the props it was written with, and answers once its effects have run. What
 * the visitor typed before that is handed to React as typing, so none of it is lost.
 */
export async function hydrateIsland(element: HTMLElement): Promise<void> {
  const name = element.dataset.island as IslandName;
  const Part = (await loadIsland[name]()) as ComponentType<object>;
  const props = JSON.parse(element.dataset.props ?? '{}') as object;
  const firm = firmOfPage();
  const typed = typedSoFar(element);
  await new Promise<void>((resolve) => {
    hydrateRoot(element, <IslandTree Part={Part} props={props} firm={firm} onLive={resolve} />, {
      identifierPrefix: element.dataset.ids ?? '',
    });
  });
  replayTyping(typed);
}

type FormField = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
const isTicked = (field: FormField): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

/** A field the visitor changed from what the server wrote, with what they put in it. */
type Typed = { field: HTMLInputElement; ticked: boolean } | { field: FormField; text: string };

/** What the server wrote in a field. */
const written = (field: FormField) =>
  field instanceof HTMLSelectElement
    ? ([...field.options].find((option) => option.defaultSelected) ?? field.options[0])?.value
    : field.defaultValue;

function typedSoFar(element: HTMLElement): Typed[] {
  return [...element.querySelectorAll<FormField>('input, textarea, select')].flatMap((field): Typed[] => {
    if (isTicked(field))
      return field.checked === field.defaultChecked ? [] : [{ field, ticked: field.checked }];
    return field.value === written(field) ? [] : [{ field, text: field.value }];
  });
}

/**
 * Hands React what the visitor typed before the island was live, as typing. React keeps a field's value
 * on hydration, but its state holds what the server wrote (and a form's first effects, a draft put back
 * from storage, may write over the field): each changed field is set again and React told of it as an
 * input, its record of the field's value set back to what the server wrote so that it sees a change.
 */
function replayTyping(typed: Typed[]) {
  for (const change of typed) {
    const { field } = change;
    const tracker = (field as { _valueTracker?: { setValue(value: string): void } })._valueTracker;
    if ('ticked' in change) {
      change.field.checked = change.ticked;
      tracker?.setValue(String(!change.ticked));
      field.dispatchEvent(new Event('click', { bubbles: true }));
    } else {
      // The element's own setter, past the one React puts on the field to notice what it writes itself.
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, change.text);
      tracker?.setValue(written(field) ?? '');
      field.dispatchEvent(
        new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
      );
    }
  }
}
