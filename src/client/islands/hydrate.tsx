import type { ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { firmOfThisPage } from '#client/lib/firm.tsx';
import type { SiteFirm } from '#shared/site-firm.ts';
import { type IslandName, loadIsland } from './catalogue.ts';
import { IslandTree } from './island-tree.tsx';

let firm: SiteFirm | undefined;

/**
 * Brings one island to life where the server wrote it (src/client/islands/Island.tsx): loads its
 * component, hydrates it with the props it was written with, and answers once its effects have run. What
 * the visitor typed before that is handed to React as typing, so none of it is lost.
 */
export async function hydrateIsland(element: HTMLElement): Promise<void> {
  const name = element.dataset.island as IslandName;
  const Part = (await loadIsland[name]()) as ComponentType<object>;
  const props = JSON.parse(element.dataset.props ?? '{}') as object;
  firm ??= firmOfThisPage();
  const shown = firm;
  await new Promise<void>((resolve) => {
    hydrateRoot(element, <IslandTree Part={Part} props={props} firm={shown} onLive={resolve} />, {
      identifierPrefix: element.dataset.ids ?? '',
    });
  });
  replayTyping(element);
}

/**
 * React hydrates a field keeping what is in it, but its state still holds what the server wrote. For each
 * field the visitor changed before the island was live, React is told of the change as it would have been:
 * its record of the field's value is set back to the server's, and an input event sent.
 */
function replayTyping(element: HTMLElement) {
  for (const field of element.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    const tracker = (field as { _valueTracker?: { setValue(value: string): void } })._valueTracker;
    if (!tracker) continue;
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked === field.defaultChecked) continue;
      tracker.setValue(String(field.defaultChecked));
      field.dispatchEvent(new Event('click', { bubbles: true }));
    } else if (field.value !== field.defaultValue) {
      tracker.setValue(field.defaultValue);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
}
