/**
 * An email's bytes as they are written: headers as given, bodies encoded byte by byte (7bit or
 * quoted-printable, as nodemailer chooses), all in room kept from one email to the next, so that an
 * email is copied once, at the end, at its exact size (`bytes`). One email is written at a time: a writer
 * is made, filled and read without waiting on anything.
 */
export class MimeWriter {
  #buffer = keptRoom;
  #at = 0;

  /** Writes `text` as it is: headers, boundaries, base64, all ASCII. */
  text(text: string) {
    this.#room(3 * text.length);
    this.#at += this.#buffer.write(text, this.#at, 'utf8');
  }

  /**
   * Writes a text part's Content-Transfer-Encoding and, after the blank line, its body: as it is (7bit,
   * with CRLF line ends) when RFC 2045 allows (ASCII without NUL or a lone CR, no line over 76
   * characters), else quoted-printable.
   */
  textBody(text: string) {
    const { bytes, length } = readUtf8(text);
    const seven = sevenBit(bytes, length);
    this.text(`Content-Transfer-Encoding: ${seven ? '7bit' : 'quoted-printable'}\r\n\r\n`);
    // Each byte takes at most 3 characters, and each line of at most 75 at most 3 more to break it.
    this.#room(4 * length + 3);
    this.#at = (seven ? withCrlf : quotedPrintable)(bytes, length, this.#buffer, this.#at);
  }

  /** What was written, in a buffer of its own. */
  bytes(): Buffer {
    return Buffer.copyBytesFrom(this.#buffer, 0, this.#at);
  }

  #room(more: number) {
    if (this.#at + more <= this.#buffer.length) return;
    const grown = Buffer.allocUnsafe(Math.max(2 * this.#buffer.length, this.#at + more));
    this.#buffer.copy(grown, 0, 0, this.#at);
    this.#buffer = grown;
  }
}

/** Kept for every email: almost every one fits (a larger one grows room of its own, left to the collector). */
const keptRoom = Buffer.allocUnsafe(128 * 1024);
const keptUtf8 = new Uint8Array(64 * 1024);
const encoder = new TextEncoder();

/**
 * `text` in UTF-8, in the kept room when it fits there. (Room for the worst case, 3 bytes a UTF-16 unit,
 * is made only when it does not: an email's HTML is mostly ASCII, and fresh room for three times it cost
 * more than encoding it.)
 */
function readUtf8(text: string): { bytes: Uint8Array; length: number } {
  const { read, written } = encoder.encodeInto(text, keptUtf8);
  if (read === text.length) return { bytes: keptUtf8, length: written };
  const bytes = new Uint8Array(3 * text.length);
  return { bytes, length: encoder.encodeInto(text, bytes).written };
}

const hexDigits = Buffer.from('0123456789ABCDEF');
const equals = 0x3d;
const cr = 0x0d;
const lf = 0x0a;
const space = 0x20;
const tab = 0x09;

function sevenBit(bytes: Uint8Array, length: number): boolean {
  let lineLength = 0;
  for (let i = 0; i < length; i++) {
    const byte = bytes[i] as number;
    if (byte === lf) {
      lineLength = 0;
    } else if (byte === cr) {
      if (i + 1 === length || bytes[i + 1] !== lf) return false;
    } else if (byte === 0 || byte > 0x7f || ++lineLength > 76) {
      return false;
    }
  }
  return true;
}

/** Copies `length` bytes into `out` from `at`, each bare LF as CRLF; answers where it stopped. */
function withCrlf(bytes: Uint8Array, length: number, out: Buffer, at: number): number {
  for (let i = 0; i < length; i++) {
    const byte = bytes[i] as number;
    if (byte === lf && bytes[i - 1] !== cr) out[at++] = cr;
    out[at++] = byte;
  }
  return at;
}

/**
 * The bytes quoted-printable keeps as they are: printable ASCII but `=` (`kept`) wherever they stand, and
 * a space or a tab (`keptInside`) unless it ends a line.
 */
const kept = 1;
const keptInside = 2;
const plain = new Uint8Array(256);
for (let byte = space + 1; byte < 0x7f; byte++) plain[byte] = byte === equals ? 0 : kept;
plain[space] = keptInside;
plain[tab] = keptInside;

/**
 * RFC 2045 quoted-printable of `length` bytes of UTF-8 into `out` from `at`: each line break becomes
 * CRLF, every byte outside printable ASCII (and `=`, and a space or tab that ends a line) becomes =XX,
 * and a soft break (`=` and CRLF) keeps every line within 76 characters, never inside an =XX. Answers
 * where it stopped.
 */
function quotedPrintable(bytes: Uint8Array, length: number, out: Buffer, at: number): number {
  let lineLength = 0;
  for (let i = 0; i < length; i++) {
    const byte = bytes[i] as number;
    // Most of an email: a byte kept as it is (a space before a line break or a CR is left to the checks below).
    const keep = plain[byte];
    if (
      keep === kept ||
      (keep === keptInside && i + 1 < length && bytes[i + 1] !== lf && bytes[i + 1] !== cr)
    ) {
      if (lineLength === 75) {
        out[at++] = equals;
        out[at++] = cr;
        out[at++] = lf;
        lineLength = 0;
      }
      out[at++] = byte;
      lineLength++;
      continue;
    }
    if (byte === lf || (byte === cr && i + 1 < length && bytes[i + 1] === lf)) {
      if (byte === cr) i++;
      out[at++] = cr;
      out[at++] = lf;
      lineLength = 0;
      continue;
    }
    // A space or tab before a lone CR stays as it is; anything else here is written as =XX.
    const literal = keep === keptInside && !endsLine(bytes, i + 1, length);
    const width = literal ? 1 : 3;
    if (lineLength + width > 75) {
      out[at++] = equals;
      out[at++] = cr;
      out[at++] = lf;
      lineLength = 0;
    }
    if (literal) {
      out[at++] = byte;
    } else {
      out[at++] = equals;
      out[at++] = hexDigits[byte >> 4] as number;
      out[at++] = hexDigits[byte & 15] as number;
    }
    lineLength += width;
  }
  return at;
}

/** Whether a line ends at `at`: the text ends there, or a line break starts there. */
function endsLine(bytes: Uint8Array, at: number, length: number): boolean {
  return at === length || bytes[at] === lf || (bytes[at] === cr && at + 1 < length && bytes[at + 1] === lf);
}
