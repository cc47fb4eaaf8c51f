/**
 * Every spelling of a path that a router, a proxy or a browser might treat as the same path, or that an
 * access check on the raw URL string might treat as a different one: each letter percent-encoded in
 * lower- and upper-case hex, every letter at once, an encoded or doubled slash, a trailing slash, a
 * `;param`, dot segments, and mixed case. The original spelling comes first.
 */
export function pathSpellings(path: string): string[] {
  const spellings = new Set([path]);
  const encode = (char: string) => char.charCodeAt(0).toString(16).padStart(2, '0');
  const letters = [...path].flatMap((char, index) => (/[a-z0-9.-]/i.test(char) ? [index] : []));

  for (const index of letters) {
    const hex = encode(path[index] as string);
    for (const form of [hex.toLowerCase(), hex.toUpperCase()]) {
      spellings.add(`${path.slice(0, index)}%${form}${path.slice(index + 1)}`);
    }
  }
  spellings.add([...path].map((char) => (/[a-z0-9.-]/i.test(char) ? `%${encode(char)}` : char)).join(''));

  const slashes = [...path].flatMap((char, index) => (char === '/' && index > 0 ? [index] : []));
  for (const index of slashes) {
    const before = path.slice(0, index);
    const after = path.slice(index + 1);
    spellings.add(`${before}%2F${after}`);
    spellings.add(`${before}%2f${after}`);
    spellings.add(`${before}//${after}`);
    spellings.add(`${before}/./${after}`);
    spellings.add(`${before}/x/../${after}`);
    spellings.add(`${before}/%2e/${after}`);
    spellings.add(`${before}/x/%2e%2e/${after}`);
  }
  spellings.add(`/${path}`);
  spellings.add(`/.${path}`);
  spellings.add(`${path}/`);
  spellings.add(`${path};param`);
  spellings.add(`${path};jsessionid=1`);
  spellings.add(`${path}?`);
  spellings.add(`${path}#fragment`);
  spellings.add(path.toUpperCase());
  spellings.add(path.replace(/[a-z]/g, (char, index: number) => (index % 2 ? char.toUpperCase() : char)));
  for (const [index, segment] of path.split('/').entries()) {
    if (!segment) continue;
    const segments = path.split('/');
    segments[index] = segment.charAt(0).toUpperCase() + segment.slice(1);
    spellings.add(segments.join('/'));
  }
  return [...spellings];
}
