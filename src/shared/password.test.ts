import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  newPasswordProblem,
  passwordHelper,
  passwordMessages,
  passwordProblem,
  sha512Hex,
} from './password.ts';

describe('the password rules', () => {
  it('are checked in order: empty, length, capital, number', () => {
    expect(passwordProblem('')).toBe(passwordMessages.missing);
    expect(passwordProblem('Ab1')).toBe(passwordMessages.tooShort);
    expect(passwordProblem('abcdefg1')).toBe(passwordMessages.noCapital);
    expect(passwordProblem('Abcdefgh')).toBe(passwordMessages.noNumber);
    expect(passwordProblem('Abcdefg1')).toBeNull();
    // Seven characters break the length rule before the others.
    expect(passwordProblem('abcdefg')).toBe(passwordMessages.tooShort);
  });

  it('on the reset form, then ask for the two entries to match', () => {
    expect(newPasswordProblem('Abcdefg1', 'Abcdefg2')).toBe(passwordMessages.mismatch);
    expect(newPasswordProblem('abcdefg1', 'Abcdefg2')).toBe(passwordMessages.noCapital);
    expect(newPasswordProblem('Abcdefg1', 'Abcdefg1')).toBeNull();
  });
});

describe('the password helper', () => {
  it('wants a lower and an upper-case letter, a digit, a symbol from !@#£$%^&* and eight characters', () => {
    expect(passwordHelper('Abcdef1!')).toBe('Password is valid');
    expect(passwordHelper('Abcdef1£')).toBe('Password is valid');
    expect(passwordHelper('Abcde1!')).toBe('Password is invalid');
    expect(passwordHelper('abcdef1!')).toBe('Password is invalid');
    expect(passwordHelper('ABCDEF1!')).toBe('Password is invalid');
    expect(passwordHelper('Abcdefg!')).toBe('Password is invalid');
    expect(passwordHelper('Abcdefg1')).toBe('Password is invalid');
    expect(passwordHelper('Abcdef1?')).toBe('Password is invalid');
  });
});

describe('the hash the browser sends', () => {
  it('is the SHA-512 of the UTF-8 password in lower-case hex', async () => {
    const password = 'Pässwörd1£';
    expect(await sha512Hex(password)).toBe(createHash('sha512').update(password, 'utf8').digest('hex'));
  });
});
