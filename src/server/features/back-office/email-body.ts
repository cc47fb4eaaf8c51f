import { z } from 'zod';
import { backOfficeMessages } from '../../../shared/back-office.ts';
import { emailAddressProblem } from '../../../shared/email.ts';

/** The body of a staff request about one email address: `{ email }`. */
const emailBody = z.object({ email: z.string().trim().max(254) }).strict();

/** The trimmed address, or the problem to answer with 422. */
export function readEmail(body: unknown): { email: string } | { problem: string } {
  const parsed = emailBody.safeParse(body);
  if (!parsed.success) return { problem: backOfficeMessages.email };
  const problem = emailAddressProblem(parsed.data.email);
  return problem ? { problem } : { email: parsed.data.email };
}
