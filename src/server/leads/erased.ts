/** What an erased lead keeps in place of a name, an email address or a staff note. */
export const erasedMarker = '(erased)';
