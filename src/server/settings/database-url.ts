import path from 'node:path';
import type { DatabaseTarget } from '../config.ts';
import type { Fail } from './reading.ts';
import { isUrlOf, passwordInUrl, shownWithoutPassword } from './secret-url.ts';

/** DATABASE_URL: `sqlite:PATH` (a path relative to the site's folder, or absolute) or `postgres://…`. */
export function parseDatabaseUrl(value: string, fail: Fail) {
  if (value.startsWith('sqlite:')) {
    const file = value.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (file === '') fail('DATABASE_URL', 'sqlite:PATH or postgres://…', value);
    return { kind: 'sqlite', file: file === ':memory:' ? file : path.resolve(file) } satisfies DatabaseTarget;
  }
  if (isUrlOf(value, ['postgres:', 'postgresql:']) && new URL(value).host) {
    return { kind: 'postgres', url: value } satisfies DatabaseTarget;
  }
  return fail('DATABASE_URL', `sqlite:PATH or postgres://… (${passwordInUrl})`, shownWithoutPassword(value));
}
