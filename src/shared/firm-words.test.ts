import { describe, expect, it } from 'vitest';
import { demoFirm } from '#tests/support/firms.ts';
import { firmWords, inWords } from './firm-words.ts';

describe('the site’s words for a firm', () => {
  const demo = demoFirm();
  const obrien = {
    ...demo,
    name: 'O’Brien & Marsh',
    address: { ...demo.address, locality: 'Leeds' },
    areaServed: ['Leeds', 'Bradford', 'Wakefield'],
    replyPromise: 'two working hours',
    quotePromise: 'three working days',
  };

  it('fills each token from the firm’s details, names and promises as they were typed', () => {
    const text =
      '{firm} in {town} serves {areas}, replies within {replyPromise} and quotes within {quotePromise}.';
    expect(firmWords(text, obrien)).toBe(
      'O’Brien & Marsh in Leeds serves Leeds, Bradford and Wakefield, replies within two working hours and quotes within three working days.',
    );
    expect(firmWords(text, demo)).toBe(
      'Fenwick & Hale in Shrewsbury serves Shropshire, Herefordshire, Powys and Telford and Wrekin, replies within one working day and quotes within two working days.',
    );
  });

  it('leaves a brace that is no token as it is, and says where a firm that lists no places works', () => {
    expect(firmWords('{nothing} {firm}', obrien)).toBe('{nothing} O’Brien & Marsh');
    // Names every object has are no tokens either: typed on a page, they stay as typed.
    const objectNames = '{__proto__} {constructor} {toString} {valueOf} {hasOwnProperty}';
    expect(firmWords(objectNames, obrien)).toBe(objectNames);
    expect(firmWords('across {areas}', { ...obrien, areaServed: [] })).toBe('across Leeds and around');
    expect(inWords(['Leeds'])).toBe('Leeds');
    expect(inWords(['Leeds', 'York'])).toBe('Leeds and York');
  });
});
