import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** The key s3rver knows. (It checks that a request names a key it knows, not the V4 signature's maths.) */
export const s3Keys = { BACKUP_S3_ACCESS_KEY_ID: 'S3RVER', BACKUP_S3_SECRET_ACCESS_KEY: 'S3RVER' };

export interface S3Server {
  /** The bucket `backups`, path-style: http://127.0.0.1:PORT/backups/ */
  bucketUrl: string;
  /** Where the objects lie on disk: BUCKET/KEY._S3rver_object holds an object's bytes. */
  directory: string;
  stop(): Promise<void>;
}

/** A real S3-compatible server (s3rver from npm) on loopback, with an empty bucket named `backups`. */
export async function startS3Server(): Promise<S3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: 'backups' }],
  });
  const { port } = await server.run();
  return {
    bucketUrl: `http://127.0.0.1:${port}/backups/`,
    directory,
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
