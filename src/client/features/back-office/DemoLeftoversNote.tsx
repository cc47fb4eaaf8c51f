import type { DemoLeftover } from '#shared/api/back-office-firm.ts';

/** What each leftover of the demo firm is, in the note that offers to remove them. */
const demoLeftoverWords: Record<DemoLeftover, string> = {
  logo: 'logo',
  facts: 'figures on the about page',
  team: 'team on the about page',
  reviews: 'client reviews on the home page',
};

/** "a, b and c". */
const listInWords = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/**
 * On Firm details, while the site still shows what of the demo firm the screen does not edit: what that
 * is, and a button that removes it once the owner says so.
 */
export function DemoLeftoversNote({ leftovers, remove }: { leftovers: DemoLeftover[]; remove: () => void }) {
  if (leftovers.length === 0) return null;
  return (
    <div className="bo-note">
      <p>
        Your website still shows the demo firm’s{' '}
        {listInWords(leftovers.map((kind) => demoLeftoverWords[kind]))}. Remove them here in one step, then
        add your own people and reviews on the Pages screen.
      </p>
      <button
        type="button"
        className="button button--secondary"
        onClick={() =>
          window.confirm('Remove the demo firm’s logo, figures, team and reviews from the site now?') &&
          remove()
        }
      >
        Remove the demo firm’s content
      </button>
    </div>
  );
}
