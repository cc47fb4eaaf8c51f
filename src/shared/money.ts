// Amounts in words, from whole pence. Kept apart from pricing.ts (and its schema library) so that the
// proposal page's small script can say a total exactly as the server and the engagement letter do.

/** "£1,250.00" for 125000 pence. */
export const poundsOf = (amount: number) =>
  `£${(amount / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** "£100.00 + VAT £20.00 = £120.00": a fee, its VAT and the two together. */
export const feeAndVatWords = (fee: number, vat: number) =>
  `${poundsOf(fee)} + VAT ${poundsOf(vat)} = ${poundsOf(fee + vat)}`;
