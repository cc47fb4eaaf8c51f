// Browser storage can be switched off or full; the site then simply remembers nothing.
function storeIn(area: () => Storage) {
  return {
    get(key: string): string | null {
      try {
        return area().getItem(key);
      } catch {
        return null;
      }
    },
    set(key: string, value: string) {
      try {
        area().setItem(key, value);
      } catch {
        // Nothing to do: the visitor will see the same choice again next time.
      }
    },
    /** Every key held, for forgetting a family of them. */
    keys(): string[] {
      try {
        const held = area();
        return Array.from({ length: held.length }, (_, index) => held.key(index) ?? '');
      } catch {
        return [];
      }
    },
    remove(key: string) {
      try {
        area().removeItem(key);
      } catch {
        // As above.
      }
    },
  };
}

/** Kept across visits. */
export const localStore = storeIn(() => window.localStorage);
/** Kept until the tab is closed. */
export const sessionStore = storeIn(() => window.sessionStorage);
