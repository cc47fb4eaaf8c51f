/**
 * Scrolls the booking dialog down to show the chosen day's times when they are out of sight (a phone's
 * screen, where they sit below the calendar): as far as the end of the times, but no further than keeps
 * the chosen day at the top, so the visitor still sees which day the times are for. It glides, unless the
 * visitor asked for less motion. Nothing moves when the times are in sight already.
 */
export function revealTimes(area: HTMLElement | null) {
  const dialog = area?.closest('dialog');
  if (!area || !dialog) return;
  const view = dialog.getBoundingClientRect();
  const chosenDay = dialog.querySelector('[aria-selected="true"]');
  const gap = 12;
  const toEnd = area.getBoundingClientRect().bottom + gap - view.bottom;
  const toChosenDay = chosenDay ? chosenDay.getBoundingClientRect().top - gap - view.top : toEnd;
  const by = Math.min(toEnd, toChosenDay);
  if (by <= 0) return;
  const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  dialog.scrollBy({ top: by, behavior: still ? 'instant' : 'smooth' });
}
