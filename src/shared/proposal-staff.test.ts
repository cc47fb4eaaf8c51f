import { describe, expect, it } from 'vitest';
import { answersFromQuote, draftOfDocument, startFromQuote } from './proposal-staff.ts';
import { type ProposalDraft, proposalDocument } from './proposals.ts';
import { paragraph } from './rich-text.ts';
import { starterPriceList } from './starter-price-list.ts';

describe('a proposal started from a quote request', () => {
  it('answers the turnover band from the turnover typed, and a limited company from its name', () => {
    expect(answersFromQuote(starterPriceList, { organisation: 'Shah Dental Care', cost: 480_000 })).toEqual({
      turnover: 'over-250k',
    });
    expect(answersFromQuote(starterPriceList, { organisation: 'Hale Builders Ltd', cost: 90_000 })).toEqual({
      entity: 'limited-company',
      turnover: '90k-250k',
    });
    expect(answersFromQuote(starterPriceList, { organisation: 'Acme Limited', cost: 89_999.5 })).toEqual({
      entity: 'limited-company',
      turnover: 'under-90k',
    });
    // Nothing typed that maps: left for staff to answer.
    expect(answersFromQuote(starterPriceList, { organisation: 'Ann Lee' })).toEqual({});
  });

  it('starts from the services and answers an instant quote gave, as far as the price list still has them', () => {
    const instantQuote = {
      services: ['bookkeeping', 'year-end-accounts', 'retired-service'],
      answers: { entity: 'limited-company', turnover: 'over-250k', transactions: 150, gone: 'x' },
    };
    expect(startFromQuote(starterPriceList, { organisation: '', instantQuote })).toEqual({
      answers: { entity: 'limited-company', turnover: 'over-250k', transactions: 150 },
      services: [
        { key: 'bookkeeping', optional: false },
        { key: 'year-end-accounts', optional: false },
      ],
    });
    // A quote request typed on the quote form: its answers that map, and no services chosen yet.
    expect(startFromQuote(starterPriceList, { organisation: 'Hale Builders Ltd' })).toEqual({
      answers: { entity: 'limited-company' },
      services: [],
    });
  });

  it('reads a draft back from its document as staff left it, changed fees with their reasons', () => {
    const draft: ProposalDraft = {
      addressedTo: 'Hale Builders Ltd',
      answers: { entity: 'limited-company', transactions: 120 },
      services: [
        { key: 'bookkeeping', optional: false, fee: 9_500, reason: 'Loyal client' },
        { key: 'payroll', optional: true },
      ],
      message: [paragraph('As agreed.')],
    };
    const made = proposalDocument(starterPriceList, draft);
    if (!('document' in made)) throw new Error(made.problems.join(' '));
    expect(draftOfDocument(made.document)).toEqual(draft);
  });
});
