import { fileURLToPath } from 'node:url';

/**
 * Node's options for a worker thread of the site's: its own, and the module hook the launcher registered
 * in the main thread (scripts/stripped-modules.js, decision 025), which a thread does not share. With it
 * a worker runs the build's stripped copies too, instead of loading Node's type stripper (about 20 MB).
 */
export const workerExecArgv = [
  ...process.execArgv,
  '--import',
  fileURLToPath(new URL('../../../scripts/stripped-modules.js', import.meta.url)),
];
