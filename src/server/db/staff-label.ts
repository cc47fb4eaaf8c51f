import { sql } from 'kysely';

// How a member of staff is named where colleagues read what they did. Each expression reads the `users`
// row the query joined: an account made before names were asked is shown by its address until it has one.

/** Their name, or their address: on a lead's timeline and an article's revisions. */
export const staffLabel = sql<string>`coalesce(users.name, users.email)`;

/** Their name and address, "Jane Smith (jane@…)", or the address alone: the audit log names accounts exactly. */
export const staffLabelWithAddress = sql<string>`case when users.name is null then users.email else users.name || ' (' || users.email || ')' end`;
