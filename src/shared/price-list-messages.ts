// What the owners' Price list screen and its route say beyond saving (decision 030): a save that changes
// nothing, leaving with changes unsaved, removing what rules use, and a list that would not save.

export const priceListMessages = {
  /** A save with nothing changed: no new version is made. */
  unchanged: (version: number | null) =>
    version === null
      ? 'Nothing has changed from the starting point: change a price, then save.'
      : `Nothing has changed since version ${version}.`,
  unsavedWarning: 'The price list has changes that are not saved. Leave without saving them?',
  /** What choosing before or with VAT changes, said beside the choice. */
  shownBefore:
    'Clients see each fee before VAT, with the VAT added beneath it: on your site’s instant quote, in proposals and in the worked example here.',
  shownWith:
    'Clients see each fee with VAT included: on your site’s instant quote, in proposals and in the worked example here.',
  /** Removing a driver or option that rules use: which services' rules go with it. */
  usedBy: (what: string, services: readonly string[]) =>
    `${what} is used by the rules of ${listed(services)}. Remove those rules too?`,
  noServiceName: 'Every service needs a name: type one in the box marked in red.',
  noDriverName: 'Every driver and option needs a name: type one in the box marked in red.',
  tooLong: 'A name is longer than 80 characters, or a description than 400: shorten it.',
  tooMany:
    'The price list has more than it can hold: at most 30 services, 12 drivers and 20 rules a service.',
  oneService: 'A price list needs at least one service: add another before removing this one.',
  twoOptions: 'A choice needs at least two options, and at most 12.',
};

/** "Payroll", "Payroll and VAT returns", "Bookkeeping, Payroll and VAT returns". */
function listed(names: readonly string[]) {
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
