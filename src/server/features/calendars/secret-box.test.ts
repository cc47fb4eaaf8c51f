import { describe, expect, it } from 'vitest';
import { type CalendarSource, secretBox } from './secret-box.ts';

const source: CalendarSource = {
  kind: 'caldav',
  url: 'https://dav.example.com/ann/work/',
  username: 'ann',
  password: 'correct horse battery staple',
};
const key = 'k'.repeat(40);

describe('sealing a calendar source', () => {
  it('opens again under the same key, and keeps neither the address nor the password readable', () => {
    const sealed = secretBox(key).seal(source);
    expect(sealed).not.toContain('dav.example.com');
    expect(sealed).not.toContain('horse');
    expect(secretBox(key).open(sealed)).toEqual(source);
  });

  it('seals the same source differently each time', () => {
    expect(secretBox(key).seal(source)).not.toBe(secretBox(key).seal(source));
  });

  it('refuses to open under another key, or once altered', () => {
    const sealed = secretBox(key).seal(source);
    expect(() => secretBox('z'.repeat(40)).open(sealed)).toThrow();
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] as string, 'base64url');
    body[0] = (body[0] as number) ^ 1;
    parts[3] = body.toString('base64url');
    expect(() => secretBox(key).open(parts.join('.'))).toThrow();
    expect(() => secretBox(key).open('plain text')).toThrow();
  });
});
