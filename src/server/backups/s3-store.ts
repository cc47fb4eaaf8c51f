import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';

// Off-site copies in any S3-compatible storage (Amazon S3, Backblaze B2, Cloudflare R2, Wasabi, MinIO…),
// spoken to with plain signed HTTP requests (aws4fetch signs them with AWS Signature V4): a file goes up
// and comes down as a stream, never held whole in memory.

export interface S3Settings {
  /** The bucket's address, path-style, with the folder the backups go in: https://host/bucket/folder/ */
  url: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** The storage refused or could not be reached: the message says which, in words, without the keys. */
export class StorageFailed extends Error {
  override name = 'StorageFailed';
}

export interface StoredBackup {
  name: string;
  bytes: number;
}

export interface BackupStore {
  /** Where the backups go, as an operator wrote it (it holds no key). */
  readonly where: string;
  put(name: string, file: string): Promise<void>;
  /** Downloads `name` into a new file `target`, 0600. */
  get(name: string, target: string): Promise<void>;
  /** The backups there, by name (oldest first: the names start with their date). */
  list(): Promise<StoredBackup[]>;
  remove(name: string): Promise<void>;
}

const timeoutMs = 60_000;

export function s3Store(settings: S3Settings): BackupStore {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    service: 's3',
    region: settings.region,
    // A failed pass is tried again within the hour (jobs/scheduled-backups.ts); a stream cannot be sent twice.
    retries: 0,
  });
  const folder = new URL(settings.url.endsWith('/') ? settings.url : `${settings.url}/`);
  const [bucket = '', ...prefixParts] = folder.pathname.split('/').filter(Boolean);
  const prefix = prefixParts.length ? `${prefixParts.join('/')}/` : '';
  const bucketUrl = new URL(`/${bucket}/`, folder);
  const objectUrl = (name: string) => new URL(`${prefix}${encodeURIComponent(name)}`, bucketUrl);

  async function send(url: URL, init: RequestInit & { what: string }): Promise<Response> {
    let response: Response;
    try {
      response = await client.fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new StorageFailed(
        `${init.what}: ${folder.host} could not be reached (${(error as Error).cause ?? (error as Error).message})`,
      );
    }
    if (!response.ok) {
      const said = await response.text();
      // Only a code's own characters (AccessDenied, InvalidAccessKeyId): the answer is the storage's to write.
      const code = decodeXml(/<Code>([^<]+)<\/Code>/.exec(said)?.[1] ?? '')
        .replace(/[^\w.-]/g, '')
        .slice(0, 60);
      throw new StorageFailed(
        `${init.what}: ${folder.host} answered ${response.status}${code ? ` ${code}` : ''}`,
      );
    }
    return response;
  }

  return {
    where: folder.href,
    async put(name, file) {
      const { size } = await stat(file);
      const response = await send(objectUrl(name), {
        what: `Uploading ${name}`,
        method: 'PUT',
        headers: { 'content-length': String(size), 'content-type': 'application/octet-stream' },
        body: Readable.toWeb(createReadStream(file)) as ReadableStream,
        duplex: 'half',
      } as RequestInit & { what: string });
      await response.arrayBuffer();
    },
    async get(name, target) {
      const response = await send(objectUrl(name), { what: `Downloading ${name}`, method: 'GET' });
      try {
        await pipeline(
          Readable.fromWeb(response.body as WebReadableStream),
          createWriteStream(target, { flags: 'wx', mode: 0o600 }),
        );
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') await rm(target, { force: true });
        throw error;
      }
    },
    async list() {
      const found: StoredBackup[] = [];
      let token: string | undefined;
      do {
        const query = new URLSearchParams({
          'list-type': '2',
          prefix,
          ...(token && { 'continuation-token': token }),
        });
        const response = await send(new URL(`?${query}`, bucketUrl), {
          what: 'Listing the backups',
          method: 'GET',
        });
        const xml = await response.text();
        for (const [, entry] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
          const key = /<Key>([^<]+)<\/Key>/.exec(entry as string)?.[1] ?? '';
          const bytes = Number(/<Size>(\d+)<\/Size>/.exec(entry as string)?.[1] ?? 0);
          const name = decodeXml(key).slice(prefix.length);
          // Only names a backup can have: a name the storage holds is printed, and control characters in it could write on the terminal.
          if (/^[\w.+-]{1,200}$/.test(name)) found.push({ name, bytes });
        }
        token = /<IsTruncated>true<\/IsTruncated>/.test(xml)
          ? decodeXml(/<NextContinuationToken>([^<]+)<\/NextContinuationToken>/.exec(xml)?.[1] ?? '')
          : undefined;
      } while (token);
      return found.sort((a, b) => a.name.localeCompare(b.name));
    },
    async remove(name) {
      const response = await send(objectUrl(name), { what: `Deleting ${name}`, method: 'DELETE' });
      await response.arrayBuffer();
    },
  };
}

const decodeXml = (text: string) =>
  text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&');
