import type { ChoosableColleague as Colleague } from '#shared/api/back-office-tasks.ts';

/** Each colleague as a choice of a select, by name. */
export function ColleagueOptions({ colleagues }: { colleagues: Colleague[] }) {
  return colleagues.map((colleague) => (
    <option key={colleague.id} value={colleague.id}>
      {colleague.name}
    </option>
  ));
}
