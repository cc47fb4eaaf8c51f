import { z } from 'zod';

/** An email address as every form on the site takes it: trimmed, required, plausible, at most 254 characters. */
export const emailAddressField = z
  .string({ error: 'Please enter your email address' })
  .trim()
  .min(1, { error: 'Please enter your email address' })
  .max(254, { error: 'Your email address is too long' })
  .pipe(z.email({ error: 'Please enter a valid email address, like name@example.com' }));
