import { describe, expect, it } from 'vitest';
import { emailAddressProblem, emailMessages } from './email.ts';
import { emailAddressField } from './email-field.ts';

describe('email addresses', () => {
  it('accepts ordinary addresses, trimmed', () => {
    for (const email of ['jo@example.com', 'jo.bloggs+news@mail.example.co.uk', "o'neil@example.ie"]) {
      expect(emailAddressProblem(email), email).toBeNull();
    }
    expect(emailAddressField.parse('  jo@example.com ')).toBe('jo@example.com');
  });

  it('accepts what real addresses hold, as the HTML standard does', () => {
    for (const email of [
      'JO.BLOGGS@EXAMPLE.COM',
      'jo_bloggs-1@sub.mail.example.co.uk',
      "d'arcy@example.ie",
      'first.last+tag@example.com',
      'a/b@example.com',
      '{team}|x~y^z!$*`@example.org',
      'x@xn--bcher-kva.example',
      `${'a'.repeat(64)}@${'b'.repeat(63)}.com`,
    ]) {
      expect(emailAddressProblem(email), email).toBeNull();
    }
  });

  it('refuses a dot at either end of the part before the @, or two together, which mail servers refuse', () => {
    for (const email of ['a.@visitor.test', '.a@visitor.test', 'a..b@visitor.test']) {
      expect(emailAddressProblem(email), email).toBe(emailMessages.invalid);
    }
    expect(emailAddressProblem('a.b.c@visitor.test')).toBeNull();
  });

  it('refuses characters that mean something in a link, and addresses the HTML standard refuses', () => {
    for (const email of [
      'ceo%40client.example?bcc=attacker%40evil.example&x=@evil.example',
      'jo%jo@example.com',
      'jo?subject=x@example.com',
      'a&b@example.com',
      'a=b@example.com',
      'jo#x@example.com',
      'jo,ann@example.com',
      'jo;ann@example.com',
      '"jo bloggs"@example.com',
      'jo(comment)@example.com',
      'jo<x>@example.com',
      'jo\\x@example.com',
      'jö@example.com',
      'jo@exämple.com',
      'jo@example.com?bcc=x@evil.example',
      'jo@example..com',
      'jo@example.com.',
      'jo@exa_mple.com',
      `jo@${'b'.repeat(64)}.com`,
      'jo@[127.0.0.1]',
    ]) {
      expect(emailAddressProblem(email), email).toBe(emailMessages.invalid);
    }
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
