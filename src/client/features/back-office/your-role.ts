import { createContext } from 'react';
import type { StaffRole } from '#shared/back-office.ts';

/**
 * The signed-in member's role, for screens that offer an owner more (publishing an article, sending the
 * newsletter): the server refuses those to staff in any case; this only leaves out buttons they cannot use.
 */
export const YourRole = createContext<StaffRole | null>(null);

/** Said where an owner's button would be. */
export const ownersOnly = 'An owner of the firm publishes or sends it: ask one when it is ready.';
