import { describe, expect, it } from 'vitest';
import { fillReply, unfilledFields } from './reply-fields.ts';

describe('a saved reply’s fields', () => {
  it('fills in each field it has a value for, and leaves the rest for the member to see', () => {
    const text = 'Dear {first name}, see you on {call date} with {adviser}. {first name}? {fee}';
    const filled = fillReply(text, { 'first name': 'Amira', 'call date': 'Monday 7 December at 9:30am' });
    expect(filled).toBe('Dear Amira, see you on Monday 7 December at 9:30am with {adviser}. Amira? {fee}');
    expect(unfilledFields(filled)).toEqual(['adviser']);
  });
});
