import http from 'node:http';

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  location: string | undefined;
  body: string;
}

/**
 * Sends a request with its path exactly as given. `fetch` and URL parsers tidy a path (dot segments,
 * some escapes) before it leaves, so they cannot send the spellings an attacker would.
 */
export function rawRequest(
  base: string,
  options: {
    method: string;
    path: string;
    headers?: Record<string, string>;
    body?: string;
    agent?: http.Agent;
  },
): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: hostname,
        port,
        method: options.method,
        path: options.path,
        agent: options.agent,
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
