import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Access, Route } from '#shared/api/route.ts';

const apiDir = path.resolve(import.meta.dirname, '../../src/shared/api');

const isRoute = (value: unknown): value is Route =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Route).method === 'string' &&
  typeof (value as Route).path === 'string' &&
  typeof (value as Route).access === 'string';

/**
 * Every endpoint the API contract (src/shared/api/) declares with `access`, read from its modules rather
 * than listed by hand, so that a new entry is covered the day it is added.
 */
export async function contractEntries(access: Access): Promise<Route[]> {
  const found = new Map<string, Route>();
  for (const file of readdirSync(apiDir).filter(
    (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
  )) {
    const module: Record<string, unknown> = await import(path.join(apiDir, file));
    for (const value of Object.values(module)) {
      // A list groups its endpoints (its page and its CSV) in one export.
      const candidates = isRoute(value)
        ? [value]
        : typeof value === 'object' && value
          ? Object.values(value)
          : [];
      for (const entry of candidates) {
        if (isRoute(entry) && entry.access === access) found.set(`${entry.method} ${entry.path}`, entry);
      }
    }
  }
  return [...found.values()];
}
