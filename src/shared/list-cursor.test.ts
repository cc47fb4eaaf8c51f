import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './list-cursor.ts';

describe('a list cursor', () => {
  it('reads back the time and id it was made from, in the same text as Node’s base64url', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.integer(), (at, id) => {
        const cursor = encodeCursor(at, id);
        // Cursors handed out before a deploy stay readable after it, and the other way round.
        expect(cursor).toBe(Buffer.from(JSON.stringify([at, id])).toString('base64url'));
        expect(decodeCursor(cursor)).toEqual({ at, id });
      }),
      { numRuns: 300 },
    );
  });

  it('is refused when it is not one of ours', () => {
    const base64url = (text: string) => Buffer.from(text).toString('base64url');
    for (const cursor of [
      'garbage',
      'not base64!',
      base64url('{"at":"2026-01-01","id":1}'),
      base64url('["2026-01-01", 1.5]'),
      base64url('[1, 2]'),
      base64url('null'),
      Buffer.from([0x5b, 0x22, 0xff, 0x22, 0x2c, 0x31, 0x5d]).toString('base64url'),
    ]) {
      expect(decodeCursor(cursor), cursor).toBeNull();
    }
  });
});
