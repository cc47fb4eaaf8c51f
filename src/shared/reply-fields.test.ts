import { describe, expect, it } from 'vitest';
import { fillReply, unfilledFields } from './reply-fields.ts';

describe('a saved reply’s fields', () => {
  it('fills in each field it has a value for, and says what is left in braces for the member to change', () => {
    const text = 'Dear {first name}, see you on {call date} with {adviser}. {first name}? {fee}';
    const filled = fillReply(text, { 'first name': 'Amira', 'call date': 'Monday 7 December at 9:30am' });
    expect(filled).toBe('Dear Amira, see you on Monday 7 December at 9:30am with {adviser}. Amira? {fee}');
    // A word in braces that is no field is said too: an owner's slip would reach the client as typed.
    expect(unfilledFields(filled)).toEqual(['adviser', 'fee']);
    expect(unfilledFields('Hello {firstname}, {firstname}!')).toEqual(['firstname']);
    expect(unfilledFields('No fields {} here')).toEqual([]);
  });
});
