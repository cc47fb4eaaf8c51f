import { readFileSync, writeFileSync } from 'node:fs';

/** Replaces what lies between `<!-- name:start -->` and `<!-- name:end -->` in `file` with `text`. */
export function writeBetweenMarkers(file: string, name: string, text: string) {
  const content = readFileSync(file, 'utf8');
  const marked = new RegExp(`(<!-- ${name}:start -->)[\\s\\S]*?(<!-- ${name}:end -->)`);
  if (!marked.test(content))
    throw new Error(`${file} has no <!-- ${name}:start --> … <!-- ${name}:end --> markers`);
  writeFileSync(file, content.replace(marked, `$1\n${text}\n$2`));
}
