// wawoff2 (Google's WOFF2 codec built to WebAssembly) ships no types; lettering.ts uses its decompress.
declare module 'wawoff2' {
  /** A WOFF2 file unpacked to the TrueType or OpenType font it holds. */
  export function decompress(woff2: Uint8Array): Promise<Uint8Array>;
  export function compress(font: Uint8Array): Promise<Uint8Array>;
}
