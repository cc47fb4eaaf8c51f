import { describe, expect, it } from 'vitest';
import { browserName } from './browser-name.ts';

describe('a session’s browser in a few words', () => {
  it('names the common browsers and systems, Edge and Opera before the Chrome they contain', () => {
    expect(
      browserName(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0',
      ),
    ).toBe('Edge on Windows');
    expect(
      browserName(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15',
      ),
    ).toBe('Safari on macOS');
    expect(
      browserName(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36',
      ),
    ).toBe('Chrome on Android');
    expect(
      browserName(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome on Linux');
  });

  it('shortens anything else to 60 characters, and says Unknown for none', () => {
    expect(browserName(null)).toBe('Unknown');
    expect(browserName('  ')).toBe('Unknown');
    expect(browserName('curl/8.5.0')).toBe('curl/8.5.0');
    const long = browserName(`SomeBot/${'x'.repeat(200)}`);
    expect(long).toHaveLength(60);
    expect(long.endsWith('…')).toBe(true);
  });
});
