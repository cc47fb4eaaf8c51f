import { describe, expect, it } from 'vitest';
import { assessDeMinimis, type DeMinimisFigures, formatPounds, recoveryPercent } from './vat-de-minimis.ts';
import { calculatorMessages, readCalculatorInput } from './vat-de-minimis-form.ts';

/** A quarter's figures; each example overrides what it is about. */
function quarter(figures: Partial<DeMinimisFigures>): DeMinimisFigures {
  return {
    months: 3,
    taxableInputTax: 0,
    exemptInputTax: 0,
    residualInputTax: 0,
    taxableSupplies: 90_000,
    exemptSupplies: 10_000,
    deMinimisLastYear: false,
    inputTaxUnderCeiling: true,
    ...figures,
  };
}

const passing = (figures: DeMinimisFigures) =>
  Object.entries(assessDeMinimis(figures).tests)
    .filter(([, test]) => test.passes)
    .map(([name]) => name);

describe('the de minimis tests, on worked examples', () => {
  it('a small business with little input tax passes simplified Test One (and so every period test)', () => {
    const result = assessDeMinimis(
      quarter({ taxableInputTax: 1200, exemptInputTax: 150, residualInputTax: 300 }),
    );
    expect(result.limitPence).toBe(187_500);
    expect(result.totalInputTaxPence).toBe(165_000);
    expect(result.recoveryPercent).toBe(90);
    expect(result.exemptInputTaxPence).toBe(18_000);
    expect(result.deMinimis).toBe(true);
    expect(result.recoverablePence).toBe(165_000);
    expect(result.irrecoverablePence).toBe(0);
  });

  it('leaving out the taxable input tax passes Test Two where Test One and the original test fail', () => {
    const figures = quarter({
      taxableInputTax: 500,
      exemptInputTax: 1500,
      residualInputTax: 300,
      taxableSupplies: 60_000,
      exemptSupplies: 40_000,
    });
    const result = assessDeMinimis(figures);
    expect(passing(figures)).toEqual(['testTwo']);
    expect(result.tests.testOne.measuredPence).toBe(230_000);
    expect(result.tests.testTwo.measuredPence).toBe(180_000);
    // 60% recovery: £1,500 + 40% of £300 is more than half of the £2,300 input tax.
    expect(result.exemptInputTaxPence).toBe(162_000);
    expect(result.recoverablePence).toBe(230_000);
  });

  it('a business with large taxable costs is de minimis only under the original test', () => {
    const figures = quarter({
      taxableInputTax: 3000,
      exemptInputTax: 500,
      residualInputTax: 2000,
      taxableSupplies: 80_000,
      exemptSupplies: 20_000,
    });
    expect(passing(figures)).toEqual(['originalTest']);
    expect(assessDeMinimis(figures).exemptInputTaxPence).toBe(90_000);
  });

  it('mostly exempt supplies fail both simplified tests however small the input tax', () => {
    const figures = quarter({
      months: 1,
      taxableInputTax: 300,
      exemptInputTax: 100,
      residualInputTax: 200,
      taxableSupplies: 40_000,
      exemptSupplies: 60_000,
    });
    const result = assessDeMinimis(figures);
    expect(result.exemptSuppliesAtMostHalf).toBe(false);
    expect(passing(figures)).toEqual(['originalTest']);
    expect(result.exemptInputTaxPence).toBe(22_000);
  });

  it('a business over every limit recovers only its taxable share', () => {
    const figures = quarter({
      taxableInputTax: 2000,
      exemptInputTax: 1500,
      residualInputTax: 1000,
      taxableSupplies: 50_000,
      exemptSupplies: 50_000,
    });
    const result = assessDeMinimis(figures);
    expect(passing(figures)).toEqual([]);
    expect(result.deMinimis).toBe(false);
    expect(result.exemptInputTaxPence).toBe(200_000);
    expect(result.recoverablePence).toBe(250_000);
    expect(result.irrecoverablePence).toBe(200_000);
  });
});

describe('the limits themselves', () => {
  it('exactly £625 a month passes and a penny more fails', () => {
    const month = { months: 1, taxableInputTax: 125, exemptInputTax: 250 };
    expect(assessDeMinimis(quarter({ ...month, residualInputTax: 250 })).tests.testOne.passes).toBe(true);
    expect(assessDeMinimis(quarter({ ...month, residualInputTax: 250.01 })).tests.testOne.passes).toBe(false);
    expect(assessDeMinimis(quarter({ months: 12, residualInputTax: 7500 })).tests.testTwo.passes).toBe(true);
    expect(assessDeMinimis(quarter({ months: 12, residualInputTax: 7500.01 })).tests.testTwo.passes).toBe(
      false,
    );
  });

  it('exempt supplies of exactly half pass the supplies condition and a penny more fails', () => {
    const small = { months: 1, taxableInputTax: 100 };
    expect(
      assessDeMinimis(quarter({ ...small, taxableSupplies: 5000, exemptSupplies: 5000 })).tests.testOne
        .passes,
    ).toBe(true);
    expect(
      assessDeMinimis(quarter({ ...small, taxableSupplies: 4999.99, exemptSupplies: 5000.01 })).tests.testOne
        .passes,
    ).toBe(false);
  });

  it('the original test allows exempt input tax of exactly £625 a month and exactly half of all input tax', () => {
    const atLimit = {
      months: 1,
      taxableInputTax: 10_000,
      exemptInputTax: 600,
      taxableSupplies: 50,
      exemptSupplies: 50,
    };
    // 50% of £50 residual is exempt: £600 + £25 = £625.
    expect(assessDeMinimis(quarter({ ...atLimit, residualInputTax: 50 })).tests.originalTest.passes).toBe(
      true,
    );
    expect(assessDeMinimis(quarter({ ...atLimit, residualInputTax: 50.02 })).tests.originalTest.passes).toBe(
      false,
    );
    const half = { months: 1, taxableInputTax: 100, exemptInputTax: 100 };
    expect(assessDeMinimis(quarter(half)).tests.originalTest.passes).toBe(true);
    expect(assessDeMinimis(quarter({ ...half, exemptInputTax: 100.01 })).tests.originalTest.passes).toBe(
      false,
    );
  });

  it('rounds the recovery percentage up to the next whole number', () => {
    expect(recoveryPercent(2, 1)).toBe(67);
    expect(recoveryPercent(57, 43)).toBe(57);
    expect(recoveryPercent(0.29, 0.71)).toBe(29);
    expect(recoveryPercent(99_001, 999)).toBe(100);
    expect(recoveryPercent(0, 100)).toBe(0);
  });
});

describe('the annual test', () => {
  const deMinimisQuarter = quarter({ taxableInputTax: 1200, exemptInputTax: 150, residualInputTax: 300 });

  it('passes for a business de minimis last year, under £1m of input tax, and on course this year', () => {
    expect(assessDeMinimis({ ...deMinimisQuarter, deMinimisLastYear: true }).tests.annualTest.passes).toBe(
      true,
    );
  });

  it('fails without last year, over the £1m ceiling, or when this period is not de minimis', () => {
    expect(assessDeMinimis(deMinimisQuarter).tests.annualTest.passes).toBe(false);
    expect(
      assessDeMinimis({ ...deMinimisQuarter, deMinimisLastYear: true, inputTaxUnderCeiling: false }).tests
        .annualTest.passes,
    ).toBe(false);
    expect(
      assessDeMinimis({ ...deMinimisQuarter, deMinimisLastYear: true, exemptInputTax: 5000 }).tests.annualTest
        .passes,
    ).toBe(false);
  });
});

describe('reading the calculator form', () => {
  const input = {
    months: '3',
    taxableInputTax: '£1,200',
    exemptInputTax: '150.5',
    residualInputTax: '0',
    taxableSupplies: '90000',
    exemptSupplies: '10,000.00',
    deMinimisLastYear: false,
    inputTaxUnderCeiling: true,
  };

  it('reads pounds with a £ sign, thousands commas and pence', () => {
    expect(readCalculatorInput(input).figures).toMatchObject({
      months: 3,
      taxableInputTax: 1200,
      exemptInputTax: 150.5,
      exemptSupplies: 10_000,
    });
  });

  it('names each box it cannot read', () => {
    const { errors } = readCalculatorInput({
      ...input,
      months: '13',
      exemptInputTax: '-5',
      residualInputTax: '12.345',
      taxableSupplies: 'lots',
    });
    expect(errors).toEqual({
      months: calculatorMessages.months,
      exemptInputTax: 'Enter input tax on exempt supplies in pounds, for example 1250 or 1250.50',
      residualInputTax: 'Enter residual input tax in pounds, for example 1250 or 1250.50',
      taxableSupplies: 'Enter the value of taxable supplies in pounds, for example 1250 or 1250.50',
    });
    expect(readCalculatorInput({ ...input, months: '2.5' }).errors).toEqual({
      months: calculatorMessages.months,
    });
    expect(readCalculatorInput({ ...input, months: '0' }).errors).toEqual({
      months: calculatorMessages.months,
    });
  });

  it('needs some supplies to compare', () => {
    expect(readCalculatorInput({ ...input, taxableSupplies: '0', exemptSupplies: '0.00' }).errors).toEqual({
      taxableSupplies: calculatorMessages.noSupplies,
    });
  });
});

it('writes pounds as an accountant does', () => {
  expect(formatPounds(187_500)).toBe('£1,875');
  expect(formatPounds(187_550)).toBe('£1,875.50');
  expect(formatPounds(5)).toBe('£0.05');
});
