import { describe, expect, it } from 'vitest';
import { emailAddressProblem } from './email.ts';
import { emailAddressField } from './email-field.ts';

describe('email addresses', () => {
  it('accepts ordinary addresses, trimmed', () => {
    for (const email of ['jo@example.com', 'jo.bloggs+news@mail.example.co.uk', "o'neil@example.ie"]) {
      expect(emailAddressProblem(email), email).toBeNull();
    }
    expect(emailAddressField.parse('  jo@example.com ')).toBe('jo@example.com');
  });

  it('names the problem with an address', () => {
    expect(emailAddressProblem('   ')).toBe('Please enter your email address');
    expect(emailAddressProblem(`${'a'.repeat(250)}@example.com`)).toBe('Your email address is too long');
    for (const email of [
      'jo',
      'jo@',
      '@example.com',
      'jo@example',
      'jo@@example.com',
      'jo @example.com',
      'jo@-x.com',
    ]) {
      expect(emailAddressProblem(email), email).toBe(
        'Please enter a valid email address, like name@example.com',
      );
    }
    expect(emailAddressField.safeParse(undefined).error?.issues[0]?.message).toBe(
      'Please enter your email address',
    );
    expect(emailAddressField.safeParse('jo@').error?.issues[0]?.message).toBe(
      'Please enter a valid email address, like name@example.com',
    );
  });
});
