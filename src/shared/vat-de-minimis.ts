// The UK partial-exemption de minimis tests (HMRC VAT Notice 706 section 11, VAT Information Sheet 04/10),
// worked in whole pence so that a figure exactly on a limit passes as the rules say it does.

/** The de minimis limit: £625 a month on average over the period, in pence. */
export const monthlyLimitPence = 62_500;
/** The annual test is open only to a business whose input tax for the year is at most £1,000,000. */
export const annualTestInputTaxCeilingPence = 100_000_000;

export interface DeMinimisFigures {
  /** Length of the period in months: 1 or 3 for a return, 12 for the year-end adjustment. */
  months: number;
  /** Input tax directly attributable to taxable supplies. */
  taxableInputTax: number;
  /** Input tax directly attributable to exempt supplies. */
  exemptInputTax: number;
  /** Residual input tax: on overheads that serve both kinds of supply. */
  residualInputTax: number;
  /** Value of taxable supplies, excluding VAT. */
  taxableSupplies: number;
  /** Value of exempt supplies. */
  exemptSupplies: number;
  /** The business was de minimis for the whole of its previous partial exemption year. */
  deMinimisLastYear: boolean;
  /** The business expects its input tax for this partial exemption year to be £1,000,000 or less. */
  inputTaxUnderCeiling: boolean;
}

export type TestName = 'testOne' | 'testTwo' | 'originalTest' | 'annualTest';

export interface TestResult {
  passes: boolean;
  /** The amount compared with the £625 average limit, in pence. */
  measuredPence?: number;
}

export interface DeMinimisResult {
  /** £625 times the number of months, in pence. */
  limitPence: number;
  totalInputTaxPence: number;
  /** The standard method's recovery rate for residual input tax, a whole percentage rounded up. */
  recoveryPercent: number;
  /** Input tax relating to exempt supplies: the exempt direct input tax and the exempt share of residual. */
  exemptInputTaxPence: number;
  /** Exempt supplies are no more than half of all supplies (a condition of both simplified tests). */
  exemptSuppliesAtMostHalf: boolean;
  tests: Record<TestName, TestResult>;
  /** Passing any one of the period tests makes the business de minimis for the period. */
  deMinimis: boolean;
  /** Input tax the business may claim for the period, in pence. */
  recoverablePence: number;
  /** Input tax it may not claim, in pence (nothing when de minimis). */
  irrecoverablePence: number;
}

/** Converts pounds (as a visitor types them, two decimal places at most) to whole pence. */
export function toPence(pounds: number): number {
  return Math.round(pounds * 100);
}

/**
 * The standard method's recovery percentage: taxable supplies over all supplies, rounded up to the next
 * whole number (Notice 706 section 4.7; firms with more than £400,000 of residual input tax a month
 * round to two decimal places instead, and are far beyond the de minimis limit anyway).
 */
export function recoveryPercent(taxableSupplies: number, exemptSupplies: number): number {
  const all = taxableSupplies + exemptSupplies;
  if (all <= 0) return 100;
  // Integer arithmetic: ceil(100 * taxable / all) without a floating-point 56.99999.
  return Math.ceil((100 * toPence(taxableSupplies)) / toPence(all));
}

export function assessDeMinimis(figures: DeMinimisFigures): DeMinimisResult {
  const taxable = toPence(figures.taxableInputTax);
  const exempt = toPence(figures.exemptInputTax);
  const residual = toPence(figures.residualInputTax);
  const total = taxable + exempt + residual;
  const limitPence = monthlyLimitPence * figures.months;
  const percent = recoveryPercent(figures.taxableSupplies, figures.exemptSupplies);

  // The exempt share of residual input tax, kept exact in hundredths of a penny for the comparisons.
  const exemptInputTaxHundredths = 100 * exempt + residual * (100 - percent);
  const exemptInputTaxPence = Math.round(exemptInputTaxHundredths / 100);

  const supplies = toPence(figures.taxableSupplies) + toPence(figures.exemptSupplies);
  const exemptSuppliesAtMostHalf = 2 * toPence(figures.exemptSupplies) <= supplies;

  const testOne = { passes: total <= limitPence && exemptSuppliesAtMostHalf, measuredPence: total };
  const testTwo = {
    passes: exempt + residual <= limitPence && exemptSuppliesAtMostHalf,
    measuredPence: exempt + residual,
  };
  const originalTest = {
    passes: exemptInputTaxHundredths <= 100 * limitPence && 2 * exemptInputTaxHundredths <= 100 * total,
    measuredPence: exemptInputTaxPence,
  };
  const deMinimis = testOne.passes || testTwo.passes || originalTest.passes;
  // The annual test also needs the business to expect to be de minimis this year; this period's figures
  // are the evidence the calculator has for that.
  const annualTest = {
    passes: figures.deMinimisLastYear && figures.inputTaxUnderCeiling && deMinimis,
  };

  const irrecoverablePence = deMinimis ? 0 : exemptInputTaxPence;
  return {
    limitPence,
    totalInputTaxPence: total,
    recoveryPercent: percent,
    exemptInputTaxPence,
    exemptSuppliesAtMostHalf,
    tests: { testOne, testTwo, originalTest, annualTest },
    deMinimis,
    recoverablePence: total - irrecoverablePence,
    irrecoverablePence,
  };
}

/** Pence as pounds the way a UK accountant writes them: £1,875 or £1,875.50. */
export function formatPounds(pence: number): string {
  const whole = pence % 100 === 0;
  return (pence / 100).toLocaleString('en-GB', {
    style: 'currency',
    currency: 'GBP',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  });
}
