// Where one page of a list ended, (time, id), as an opaque text for the next page's `after`. Both sides
// know it: the server makes and reads it, and a list's query schema refuses one that is not ours. Written
// with the encoders browsers and Node share, so the shared schema runs anywhere.

const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');

export function encodeCursor(at: string, id: number): string {
  return toBase64Url(new TextEncoder().encode(JSON.stringify([at, id])));
}

/** The cursor's (time, id), or null for anything we did not make. */
export function decodeCursor(cursor: string | undefined): { at: string; id: number } | null {
  if (!cursor) return null;
  try {
    const binary = atob(cursor.replaceAll('-', '+').replaceAll('_', '/'));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    const [at, id] = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    if (typeof at !== 'string' || !Number.isInteger(id)) return null;
    return { at, id };
  } catch {
    return null;
  }
}
