// `npm run docs:api`: writes docs/api.md from the site's OpenAPI document (needs `npm run build` first).

import { writeFileSync } from 'node:fs';
import { currentApiDocument, documentedOrigin } from './api-document.ts';
import { apiMarkdown } from './api-markdown.ts';

const target = new URL('../docs/api.md', import.meta.url);
writeFileSync(target, apiMarkdown(await currentApiDocument(), documentedOrigin));
console.log(`Wrote ${target.pathname}`);
