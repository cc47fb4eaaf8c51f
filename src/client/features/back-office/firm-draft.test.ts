import { describe, expect, it } from 'vitest';
import { firmDetailsSchema } from '#shared/firm-details.ts';
import { obrienAndMarsh } from '#tests/support/firms.ts';
import { changedFields, withChanges } from './firm-draft.ts';

const base = firmDetailsSchema.parse(obrienAndMarsh);

describe('a draft of the firm’s details', () => {
  it('brings back only the fields this owner changed, over what another owner saved since', () => {
    const edited = { ...base, tagline: 'Accountants for Leeds' };
    const savedSince = { ...base, phone: '0113 496 0222' };
    expect(changedFields({ base, edited })).toEqual(['tagline']);
    expect(withChanges(savedSince, { base, edited })).toEqual({
      ...savedSince,
      tagline: 'Accountants for Leeds',
    });
  });

  it('compares whole parts: a changed office or opening hours comes back whole', () => {
    const edited = { ...base, registeredOffice: { ...base.registeredOffice, street: '4 Park Row' } };
    expect(withChanges(base, { base, edited }).registeredOffice.street).toBe('4 Park Row');
    expect(withChanges(base, null)).toBe(base);
  });
});
