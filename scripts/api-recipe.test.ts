import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { contact, post } from '#tests/support/enquiries.ts';
import { createStaff } from '#tests/support/staff.ts';
import { documentedOrigin } from './api-document.ts';

const run = promisify(execFile);
let site: TestApp;
let dir: string;

beforeAll(async () => {
  site = await startTestApp();
  dir = mkdtempSync(path.join(tmpdir(), 'practice-site-recipe-'));
});
afterAll(async () => {
  await site?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the curl recipe in docs/api.md', () => {
  it('signs a program in and downloads the contact enquiries as CSV', async () => {
    const recipe = readFileSync(new URL('../docs/api.md', import.meta.url), 'utf8').match(
      /```sh\n([\s\S]*?)```/,
    )?.[1];
    expect(recipe).toBeDefined();
    await createStaff(site, 'leads-export@your-firm.example', 'Export-program-1');
    expect(
      (await post(site, '/contact-us-send', { ...contact('amira@example.com'), recToken: 'x' })).status,
    ).toBe(201);

    // As a firm's developer would run it, with the site's own address in place of the example's.
    await run('bash', ['-euo', 'pipefail', '-c', (recipe as string).replaceAll(documentedOrigin, site.url)], {
      cwd: dir,
      env: { ...process.env, PASSWORD: 'Export-program-1' },
    });
    const csv = readFileSync(path.join(dir, 'enquiries.csv'), 'utf8');
    expect(csv.split('\r\n')[0]).toContain('Email');
    expect(csv).toContain('amira@example.com');
  });
});
