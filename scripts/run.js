// Every npm script that acts on the site runs through here: `node scripts/run.js scripts/start.ts ARGS…`.
// It is plain JavaScript that any Node can parse, so an older Node gets one line naming the version
// needed instead of a stack about a `.ts` file it cannot load. Then it reads the site's settings file,
// `.env` in the folder the command runs from (npm runs scripts from the site's root), so that the site
// and every command act on the same database and address. A variable already set in the environment
// (by systemd, compose or the shell) wins over the file.
import { accessSync, constants, lstatSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const engines = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node;
const [neededMajor, neededMinor] = engines.match(/\d+/g).map(Number);
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < neededMajor || (major === neededMajor && minor < neededMinor)) {
  const recommended = readFileSync(path.join(root, '.nvmrc'), 'utf8').trim();
  console.error(
    `practice-site needs Node.js ${neededMajor}.${neededMinor} or later (${recommended} recommended, as .nvmrc says); this is Node.js ${process.versions.node}.`,
  );
  // As every refusal a restart would repeat: the systemd unit does not restart on it.
  process.exit(78);
}

// A `.env` that is there in any form (a file, a link, even a broken one) must be read: a command that went
// on without it would act on another database than the site's.
if (lstatSync('.env', { throwIfNoEntry: false })) {
  try {
    accessSync('.env', constants.R_OK);
    process.loadEnvFile('.env');
  } catch (error) {
    console.error(
      `practice-site cannot read its settings file, .env (${error.code ?? error.message}): run npm commands as the site's own user (docs/operations.md, "Settings").`,
    );
    process.exit(78);
  }
}

// The site's modules from the build's stripped copies, without Node's type stripper (stripped-modules.js).
await import('./stripped-modules.js');

const [script, ...args] = process.argv.slice(2);
if (!script) {
  console.error('Usage: node scripts/run.js SCRIPT [ARGUMENTS…]');
  process.exit(1);
}
// The script reads its own arguments from process.argv, as if Node had started it.
process.argv = [process.argv[0], path.resolve(root, script), ...args];
await import(pathToFileURL(path.resolve(root, script)).href);
