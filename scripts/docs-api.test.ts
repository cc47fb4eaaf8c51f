import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { currentApiDocument, documentedOrigin } from './api-document.ts';
import { apiMarkdown } from './api-markdown.ts';

describe('docs/api.md', () => {
  it('says what the contract says today (npm run docs:api rewrites it)', async () => {
    const written = readFileSync(new URL('../docs/api.md', import.meta.url), 'utf8');
    expect(written).toBe(apiMarkdown(await currentApiDocument(), documentedOrigin));
  });
});
