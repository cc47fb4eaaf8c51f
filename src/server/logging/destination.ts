import { createRequire } from 'node:module';
import pino, { type DestinationStream } from 'pino';

/** Where the log goes; `isTTY` is set when it is a terminal (Node sets it on `process.stdout`). */
export type LogOutput = NodeJS.WritableStream & { isTTY?: boolean };

/**
 * JSON lines for a log collector (journald, Docker, a file); on a terminal, one readable line per entry,
 * in colour, starting with the request's id when the entry is about a request, its fields on the same
 * line; only an error's stack follows on lines of its own. Either way the entries are
 * the same: the app's serializers have already kept tokens and addresses out of them (private-logger.ts).
 * The terminal's formatter is loaded only for a terminal: a server logging to journald never holds it.
 */
export function logDestination(output: LogOutput = process.stdout): DestinationStream {
  if (!output.isTTY) return output === process.stdout ? pino.destination({ fd: 1 }) : output;
  const pretty = createRequire(import.meta.url)('pino-pretty') as typeof import('pino-pretty');
  return pretty({
    destination: output,
    sync: true,
    colorize: output === process.stdout ? pretty.isColorSupported : false,
    translateTime: 'SYS:HH:MM:ss',
    singleLine: true,
    ignore: 'pid,hostname,reqId',
    messageFormat: '{if reqId}[{reqId}] {end}{msg}',
  });
}
