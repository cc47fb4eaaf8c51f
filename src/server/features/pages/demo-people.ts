import type { Db } from '#server/db/database.ts';
import type { SectionOf } from '#shared/sections.ts';
import { demoPages } from './built-in-pages.ts';
import { loadLivePages } from './live-pages.ts';

// The demo firm's people, its team and its clients' reviews, are the one part of its pages no other firm
// may show: the back office's Firm details names them while a published page still does, and takes them
// out on the owner's word.

let names: { team: Set<string>; reviews: Set<string> } | undefined;
const demoNames = () => {
  names ??= {
    team: new Set(sectionsOf('team').flatMap((section) => section.members.map((member) => member.name))),
    reviews: new Set(sectionsOf('reviews').flatMap((section) => section.items.map((review) => review.name))),
  };
  return names;
};

function sectionsOf<Type extends 'team' | 'reviews'>(type: Type): SectionOf<Type>[] {
  return demoPages().flatMap((page) =>
    page.document.sections.filter((section): section is SectionOf<Type> => section.type === type),
  );
}

/** Whether a team member or a review is the demo firm's. */
export const isDemoPerson = ({ name }: { name: string }) =>
  demoNames().team.has(name) || demoNames().reviews.has(name);

/** Which of the demo firm's people a published page shows: its team, its clients' reviews. */
export async function demoPeopleShown(db: Db): Promise<('team' | 'reviews')[]> {
  const { pages } = await loadLivePages(db);
  const sections = pages.flatMap((page) => page.document.sections);
  const { team, reviews } = demoNames();
  const shown: ('team' | 'reviews')[] = [];
  if (sections.some((section) => section.type === 'team' && section.members.some((m) => team.has(m.name))))
    shown.push('team');
  if (
    sections.some((section) => section.type === 'reviews' && section.items.some((r) => reviews.has(r.name)))
  )
    shown.push('reviews');
  return shown;
}
