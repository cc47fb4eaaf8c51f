/** A phone, VAT or company number kept on one line: its spaces become no-break spaces, so a narrow column
 *  never splits it between two lines. */
export function unbroken(text: string): string {
  return text.replaceAll(' ', '\u00a0');
}
