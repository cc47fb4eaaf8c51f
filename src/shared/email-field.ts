import { emailAddressProblem, emailMessages } from './email.ts';
import { z } from './zod.ts';

/** The same rule as a schema field, answering the trimmed address. */
export const emailAddressField = z
  .string({ error: emailMessages.missing })
  .trim()
  .check((context) => {
    const problem = emailAddressProblem(context.value);
    if (problem) context.issues.push({ code: 'custom', message: problem, input: context.value });
  });
