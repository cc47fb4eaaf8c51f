import pino from 'pino';
import { expect, it } from 'vitest';
import { privateLogger } from './private-logger.ts';

it('masks addresses and link tokens in a logged error, its driver detail and its cause', () => {
  const lines: string[] = [];
  const log = privateLogger(pino({ level: 'info' }, { write: (line: string) => void lines.push(line) }));
  const duplicate = Object.assign(new Error('duplicate key value violates unique constraint "users_email"'), {
    detail: 'Key (email)=(ann.lee@example.com) already exists.',
    cause: new Error(
      'while opening http://x.test/reset-password?token=Zt4qP9xW2mK7bR5nL8vC3jH6gF1sD0aY-Ee_Uu4Ii9o',
    ),
  });
  log.error({ err: duplicate }, 'request failed');
  const [line] = lines;
  expect(line).not.toContain('ann.lee');
  expect(line).not.toContain('Zt4qP9');
  const logged = JSON.parse(line as string);
  expect(logged.err.detail).toBe('Key (email)=(a***@example.com) already exists.');
  expect(logged.err.message).toContain('duplicate key value violates unique constraint');
  expect(logged.err.stack).toContain('private-logger.test.ts');
});
