// Takes one backup off the main thread, so the site keeps answering while the database is copied.
import { workerData } from 'node:worker_threads';
import { backupSqlite } from '../db/sqlite-backup.ts';

const { source, target } = workerData as { source: string; target: string };
await backupSqlite(source, target);
