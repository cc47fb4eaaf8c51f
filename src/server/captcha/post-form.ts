import http from 'node:http';
import https from 'node:https';

// A bot check asks its provider about every form posted, so this is on the path of each enquiry, sign-up
// and booking. Node's fetch cost a fifth of an enquiry's own work (its streams, headers and abort
// signal per call) and loads 3 MB of HTTP client the site uses nowhere else; node:http does the same POST
// for a fraction of that. Connections are kept open between checks, as fetch kept them.

const agents = {
  'http:': new http.Agent({ keepAlive: true }),
  'https:': new https.Agent({ keepAlive: true }),
};

/** The provider's answer was not complete within the time given. */
export class TimedOut extends Error {
  override name = 'TimeoutError';
}

export interface FormAnswer {
  status: number;
  body: string;
}

/**
 * POSTs `fields` as a URL-encoded form and reads the answer, whole, as text: at most `maxBytes` of it,
 * within `timeoutMs` from the start. Rejects with TimedOut when the time runs out, and with another error
 * when the address cannot be reached or the answer is too long.
 */
export function postForm(
  url: string,
  fields: Record<string, string>,
  { timeoutMs, maxBytes = 64 * 1024 }: { timeoutMs: number; maxBytes?: number },
): Promise<FormAnswer> {
  const target = new URL(url);
  const agent = target.protocol === 'https:' || target.protocol === 'http:' ? agents[target.protocol] : null;
  if (!agent) return Promise.reject(new Error(`not an http(s) address: ${target.protocol}`));
  const send = target.protocol === 'https:' ? https.request : http.request;
  const body = new URLSearchParams(fields).toString();
  return new Promise((resolve, reject) => {
    const request = send(
      target,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
          accept: 'application/json',
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let length = 0;
        response.on('data', (chunk: Buffer) => {
          length += chunk.length;
          if (length > maxBytes) request.destroy(new Error(`answer longer than ${maxBytes} bytes`));
          else chunks.push(chunk);
        });
        response.on('end', () => {
          clearTimeout(timer);
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks, length).toString('utf8') });
        });
        response.on('error', reject);
      },
    );
    const timer = setTimeout(
      () => request.destroy(new TimedOut(`no answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.end(body);
  });
}
