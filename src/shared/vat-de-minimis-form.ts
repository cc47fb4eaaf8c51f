import type { DeMinimisFigures } from './vat-de-minimis.ts';

/** The calculator's amounts, in the order the form asks for them. */
export const amountFields = [
  'taxableInputTax',
  'exemptInputTax',
  'residualInputTax',
  'taxableSupplies',
  'exemptSupplies',
] as const;
export type AmountField = (typeof amountFields)[number];
export type CalculatorField = 'months' | AmountField;

/** What a visitor typed, as the form holds it. */
export type CalculatorInput = Record<CalculatorField, string> &
  Pick<DeMinimisFigures, 'deMinimisLastYear' | 'inputTaxUnderCeiling'>;

/** How each amount is named in a message, so the message says which box is wrong. */
const amountNames: Record<AmountField, string> = {
  taxableInputTax: 'input tax on taxable supplies',
  exemptInputTax: 'input tax on exempt supplies',
  residualInputTax: 'residual input tax',
  taxableSupplies: 'the value of taxable supplies',
  exemptSupplies: 'the value of exempt supplies',
};

export const calculatorMessages = {
  months: 'Enter the length of the period in whole months, from 1 to 12',
  amount: (field: AmountField) => `Enter ${amountNames[field]} in pounds, for example 1250 or 1250.50`,
  noSupplies: 'Enter the value of your taxable or exempt supplies: the tests compare the two',
};

export type CalculatorErrors = Partial<Record<CalculatorField, string>>;

// Pounds with at most two decimal places, commas allowed between thousands, an optional £ in front.
const poundsPattern = /^£?\s*(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/;

function readPounds(text: string): number | null {
  const trimmed = text.trim();
  if (!poundsPattern.test(trimmed)) return null;
  return Number(trimmed.replace(/[£,\s]/g, ''));
}

/** Reads the form: the figures to assess, or a message for each box that cannot be read. */
export function readCalculatorInput(
  input: CalculatorInput,
): { figures: DeMinimisFigures; errors?: undefined } | { figures?: undefined; errors: CalculatorErrors } {
  const errors: CalculatorErrors = {};
  const months = /^\s*\d{1,2}\s*$/.test(input.months) ? Number(input.months) : Number.NaN;
  if (!(months >= 1 && months <= 12)) errors.months = calculatorMessages.months;

  const amounts = {} as Record<AmountField, number>;
  for (const field of amountFields) {
    const value = readPounds(input[field]);
    if (value === null) errors[field] = calculatorMessages.amount(field);
    else amounts[field] = value;
  }
  if (
    !errors.taxableSupplies &&
    !errors.exemptSupplies &&
    amounts.taxableSupplies + amounts.exemptSupplies === 0
  ) {
    errors.taxableSupplies = calculatorMessages.noSupplies;
  }
  if (Object.keys(errors).length > 0) return { errors };
  return {
    figures: {
      months,
      ...amounts,
      deMinimisLastYear: input.deMinimisLastYear,
      inputTaxUnderCeiling: input.inputTaxUnderCeiling,
    },
  };
}
