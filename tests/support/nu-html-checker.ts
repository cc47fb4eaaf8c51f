import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/** The checker's jar from npm `vnu-jar`; its own Java download is not allowed to run, Debian's Java runs it. */
const vnuJar = String(createRequire(import.meta.url)('vnu-jar'));

/**
 * One short run: Java's quick compiler alone and its single-threaded collector take half the CPU of the
 * defaults (3.4 s against 6.9 s for the site's 32 documents), which the other test files need. The quick
 * compiler's deeper stack frames need the larger thread stack the checker asks for.
 */
const javaOptions = ['-Xss4m', '-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];

export interface HtmlDocument {
  /** What a failure names the document by: a path, or a path and what was on screen. */
  name: string;
  html: string;
}

interface NuMessage {
  type: string;
  subType?: string;
  url: string;
  message: string;
  extract?: string;
}

/**
 * The Nu Html Checker's errors in `documents`, each as "name: message «extract»". All the documents
 * go to one run of the checker, since starting Java is most of its time.
 */
export async function nuHtmlErrors(documents: HtmlDocument[]): Promise<string[]> {
  const java = process.env.JAVA ?? 'java';
  const folder = mkdtempSync(path.join(tmpdir(), 'practice-site-nu-'));
  try {
    const files = documents.map((document, i) => {
      const file = path.join(folder, `${i}.html`);
      writeFileSync(file, document.html);
      return file;
    });
    const { stdout } = await promisify(execFile)(
      java,
      [
        ...javaOptions,
        '-jar',
        vnuJar,
        '--errors-only',
        '--exit-zero-always',
        '--format',
        'json',
        '--stdout',
        ...files,
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    ).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') {
        throw new Error('No Java to run the Nu Html Checker: apt-get install -y default-jre-headless');
      }
      throw error;
    });
    const { messages } = JSON.parse(stdout) as { messages: NuMessage[] };
    const nameOf = (url: string) => documents[Number(path.basename(url, '.html'))]?.name ?? url;
    // A calendar's 30 day cells make 30 identical errors: one line each, with how often it occurs.
    const errors = new Map<string, { count: number; extract: string }>();
    for (const message of messages) {
      if (message.type !== 'error' && message.subType !== 'fatal') continue;
      const key = `${nameOf(message.url)}: ${message.message}`;
      const seen = errors.get(key);
      if (seen) seen.count++;
      else errors.set(key, { count: 1, extract: (message.extract ?? '').replace(/\s+/g, ' ').trim() });
    }
    return [...errors].map(
      ([key, { count, extract }]) => `${key}${count > 1 ? ` (×${count})` : ''} «${extract.slice(0, 100)}»`,
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
