import { createContext, useContext, useMemo, useState } from 'react';
import { sessionStore } from '#client/lib/storage.ts';
import { storageKeys } from '#shared/storage-keys.ts';

// Nothing typed in the back office is lost when the session ends: each form keeps what its user typed
// and has not saved in session storage, under that user's address, and brings it back when they sign
// in again on the same tab. Someone else signing in on that tab is never shown it: the back office
// forgets every draft but the signed-in user's as soon as it knows who that is.

/** Said on a screen whose form was filled in again from a draft. */
export const draftRestoredMessage =
  'Restored what you had typed before your session ended. It is not saved yet.';

/** Who is signed in: the back office renders its screens only once it knows. */
export const SignedInAs = createContext('');

const prefix = `${storageKeys.draft}:`;
const keyOf = (you: string, form: string) => `${prefix}${you}:${form}`;

/** Forgets the drafts of anyone but `you`, and those kept before drafts had an owner. */
export function forgetDraftsOfOthers(you: string) {
  for (const key of sessionStore.keys()) {
    const ownedByOthers = key.startsWith(prefix) && !key.startsWith(keyOf(you, ''));
    if (ownedByOthers || key.startsWith(storageKeys.unownedNoteDraft)) sessionStore.remove(key);
  }
}

export interface Draft<T> {
  /** What was kept for this form, or null. */
  read(): T | null;
  /** Keeps `value`, or forgets the draft when it is what the form holds saved (`saved`). */
  keep(value: T, saved: T): void;
  forget(): void;
}

/** The signed-in user's draft of the form named `form` (such as "availability" or "note:enquiries/E-1"). */
export function useDraft<T>(form: string): Draft<T> {
  const key = keyOf(useContext(SignedInAs), form);
  return useMemo(
    () => ({
      read() {
        const kept = sessionStore.get(key);
        if (kept === null) return null;
        try {
          return JSON.parse(kept) as T;
        } catch {
          return null;
        }
      },
      keep(value, saved) {
        if (JSON.stringify(value) === JSON.stringify(saved)) sessionStore.remove(key);
        else sessionStore.set(key, JSON.stringify(value));
      },
      forget() {
        sessionStore.remove(key);
      },
    }),
    [key],
  );
}

/**
 * A field's value kept as a draft while it differs from `empty`: `[value, setValue, restored, clear]`,
 * `restored` telling whether the value came back from a draft.
 */
export function useKeptValue<T>(form: string, empty: T) {
  const draft = useDraft<T>(form);
  const [start] = useState(() => draft.read());
  const [value, setValue] = useState<T>(start ?? empty);
  const set = (next: T) => {
    setValue(next);
    draft.keep(next, empty);
  };
  return [value, set, start !== null, () => set(empty)] as const;
}
