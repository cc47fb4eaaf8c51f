import { z } from '../zod.ts';

/**
 * The params of a path that names a record by its numeric id (`/people/:id`); anything else in its place
 * is no such record, refused in `notFound`'s words rather than the schema library's.
 */
export const idParams = (what: string, notFound: string) =>
  z.object({
    id: z
      .string()
      .regex(/^\d{1,15}$/, { error: notFound })
      .describe(`The ${what}’s id`),
  });
