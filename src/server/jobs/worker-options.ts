import { fileURLToPath } from 'node:url';

/**
 * Node's options for a worker thread of the site's: the module hook the launcher registered in the main
 * thread (scripts/stripped-modules.js, decision 025), which a thread does not share. With it a worker runs
 * the build's stripped copies too, instead of loading Node's type stripper (about 20 MB). Nothing of the
 * main thread's own options: Node refuses a worker given V8's (npm start's heap sizes, decision 024),
 * and `--watch` (npm run dev) would have the worker post its files to the thread that reads its answers.
 * A worker's heap is set by the resourceLimits it is started with.
 */
export const workerExecArgv = [
  '--import',
  fileURLToPath(new URL('../../../scripts/stripped-modules.js', import.meta.url)),
];
