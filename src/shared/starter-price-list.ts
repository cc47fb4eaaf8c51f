import type { PriceList } from './pricing.ts';

// The price list a firm starts from until an owner saves its own: the services a UK practice sells, each
// with what drives its price, at round figures an owner is expected to change.

export const starterPriceList: PriceList = {
  vat: { basisPoints: 2000, shown: 'before' },
  drivers: [
    {
      kind: 'choice',
      key: 'entity',
      label: 'Kind of business',
      options: [
        { key: 'sole-trader', label: 'Sole trader' },
        { key: 'partnership', label: 'Partnership' },
        { key: 'limited-company', label: 'Limited company' },
      ],
    },
    {
      kind: 'choice',
      key: 'turnover',
      label: 'Annual turnover',
      options: [
        { key: 'under-90k', label: 'Under £90,000' },
        { key: '90k-250k', label: '£90,000 to £250,000' },
        { key: 'over-250k', label: 'Over £250,000' },
      ],
    },
    { kind: 'count', key: 'transactions', label: 'Bank transactions a month', max: 10_000 },
    { kind: 'count', key: 'payslips', label: 'Payslips a month', max: 1_000 },
  ],
  services: [
    {
      key: 'bookkeeping',
      name: 'Bookkeeping',
      description: 'Your bank transactions recorded and reconciled each month.',
      frequency: 'monthly',
      base: 9_000,
      rules: [{ kind: 'each', driver: 'transactions', included: 100, add: 50 }],
    },
    {
      key: 'year-end-accounts',
      name: 'Year-end accounts',
      description: 'Your annual accounts, prepared and filed.',
      frequency: 'annually',
      base: 60_000,
      rules: [
        { kind: 'option', driver: 'entity', option: 'limited-company', add: 30_000 },
        { kind: 'option', driver: 'turnover', option: '90k-250k', add: 20_000 },
        { kind: 'option', driver: 'turnover', option: 'over-250k', add: 50_000 },
      ],
    },
    {
      key: 'self-assessment',
      name: 'Self-assessment tax return',
      description: 'Your personal tax return, prepared and filed with HMRC.',
      frequency: 'annually',
      base: 25_000,
      rules: [],
    },
    {
      key: 'payroll',
      name: 'Payroll',
      description: 'Payslips, RTI submissions and pension reports each month.',
      frequency: 'monthly',
      base: 2_500,
      rules: [{ kind: 'each', driver: 'payslips', included: 0, add: 600 }],
    },
    {
      key: 'vat-returns',
      name: 'VAT returns',
      description: 'Quarterly VAT returns filed under Making Tax Digital.',
      frequency: 'monthly',
      base: 4_000,
      rules: [{ kind: 'option', driver: 'turnover', option: 'over-250k', add: 2_000 }],
    },
    {
      key: 'company-secretarial',
      name: 'Company secretarial',
      description: 'Your confirmation statement and Companies House changes.',
      frequency: 'annually',
      base: 12_000,
      rules: [],
    },
    {
      key: 'advisory',
      name: 'Advisory meeting',
      description: 'A planning meeting with a partner, with notes and actions after it.',
      frequency: 'once',
      base: 30_000,
      rules: [],
    },
  ],
};
