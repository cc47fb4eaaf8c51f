import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

// services.ts is the one place the services shared by the app's routes and the background workers are
// made, so that the app, the outbox, the retention job and `npm run data:retention` are handed the same
// parts, built the same way. A second place making one would drift from the first unseen.

const root = path.resolve(import.meta.dirname, '../..');

/** Made only in services.ts (the staff and adviser commands make their own accounts and advisers). */
const made = [
  'addressOf',
  'leadRegistry',
  'mailFiles',
  'articlesForNewsletter',
  'calendarWriteBack',
  'createCalendarRecheck',
  'recipientCap',
  'createBotCheck',
  'createSignInProof',
  'createMailingListService',
  'createEnquiryService',
  'createApplicationService',
  'createBookingService',
  'createNewsletterService',
];

const sourceFiles = (folder: string): string[] =>
  readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => path.join(folder, file));

it('makes each shared service in services.ts alone, for the app and the background workers alike', () => {
  const makers = new Map(made.map((name) => [name, [] as string[]]));
  for (const file of [...sourceFiles('src/server'), ...sourceFiles('scripts')]) {
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const name of made) {
      const calls = new RegExp(`(?<!function )\\b${name}\\(`);
      if (calls.test(text)) makers.get(name)?.push(file);
    }
  }
  expect(Object.fromEntries(makers)).toEqual(
    Object.fromEntries(made.map((name) => [name, ['src/server/services.ts']])),
  );
});
