import type { Db } from '#server/db/database.ts';
import { loadFirm, loadFirmStamp, type StoredFirm } from './repository.ts';

/** Told of each change of the details; what it returns is waited for. */
type Listener = (firm: StoredFirm | undefined) => void | Promise<void>;

/**
 * The firm's details as this instance serves them, held in memory so that a page or an email reads them
 * without a query. A save here calls `refresh`; a save on another instance is seen by `refreshIfChanged`,
 * which a job calls every few seconds and which reads only the stored version unless it moved. Whoever
 * renders from the details (the pages, the emails' layout) listens with `onChange`.
 */
export class LiveFirm {
  readonly #db: Db;
  #current: StoredFirm | undefined;
  readonly #listeners = new Set<Listener>();
  /** What the site calls itself before a firm is set up: its host name (`PUBLIC_URL`'s). */
  readonly siteName: string;

  constructor(db: Db, publicUrl: URL) {
    this.#db = db;
    this.siteName = publicUrl.hostname;
  }

  /** The details and pictures now served; undefined on a site not yet set up. */
  get current(): StoredFirm | undefined {
    return this.#current;
  }

  /**
   * Reads the stored details and, if their version moved, tells the listeners and waits for them: once
   * it resolves, whatever shows the firm shows the new details.
   */
  async refresh(): Promise<void> {
    const stored = await loadFirm(this.#db);
    if (stored?.stamp === this.#current?.stamp) return;
    this.#current = stored;
    await Promise.all([...this.#listeners].map((listener) => listener(stored)));
  }

  /** Reads the details again only if another instance saved since: true when it did. */
  async refreshIfChanged(): Promise<boolean> {
    if ((await loadFirmStamp(this.#db)) === this.#current?.stamp) return false;
    await this.refresh();
    return true;
  }

  /** Calls `listener` with the details each time they change; returns the way to stop. */
  onChange(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
