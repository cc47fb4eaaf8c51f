import http from 'node:http';
import https from 'node:https';

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  location: string | undefined;
  body: string;
}

/**
 * Sends a request with its path exactly as given. `fetch` and URL parsers tidy a path (dot segments,
 * some escapes) before it leaves, so they cannot send the spellings an attacker would. Over https when
 * `base` is, trusting only `ca`; from the loopback address `from` if given (so a test can be several
 * visitors on one machine). Nothing is decompressed: no Accept-Encoding is sent unless given.
 */
export function rawRequest(
  base: string,
  options: {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    body?: string;
    agent?: http.Agent;
    ca?: string;
    from?: string;
  },
): Promise<RawAnswer> {
  const { protocol, hostname, port } = new URL(base);
  const client = protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      {
        host: hostname,
        port,
        method: options.method ?? 'GET',
        path: options.path,
        agent: options.agent ?? (options.from ? false : undefined),
        ca: options.ca,
        localAddress: options.from,
        headers: {
          // A length of its own, as Node sends no body for DELETE or OPTIONS without one.
          ...(options.body !== undefined && {
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(options.body)),
          }),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            location: response.headers.location,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

/** Runs `task` over `items`, at most `concurrency` at a time. */
export async function inParallel<T>(items: T[], concurrency: number, task: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++] as T);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}
