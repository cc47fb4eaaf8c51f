import { describe, expect, it } from 'vitest';
import { maxPageTitleLength, pageDescription, pageTitle } from './page-title.ts';

describe('a page title', () => {
  it('names the page, then the site; the home page the site first', () => {
    expect(pageTitle('About us', 'Fenwick & Hale')).toBe('About us | Fenwick & Hale');
    expect(pageTitle('Accountants', 'Fenwick & Hale', { nameFirst: true })).toBe(
      'Fenwick & Hale | Accountants',
    );
  });

  it('keeps the page’s own words alone when both are too long', () => {
    const title = 'Making Tax Digital for income tax: what changes in April';
    expect(pageTitle(title, 'Fenwick & Hale')).toBe(title);
  });

  it('cuts words too long even alone at a word, within 60 characters, ending in …', () => {
    const title = `Making Tax Digital for income tax: what sole traders and landlords must do ${'now '.repeat(20)}`;
    const shown = pageTitle(title, 'Fenwick & Hale');
    expect(shown).toBe('Making Tax Digital for income tax: what sole traders and…');
    expect(shown.length).toBeLessThanOrEqual(maxPageTitleLength);
    const oneWord = 'x'.repeat(150);
    expect(pageTitle(oneWord, 'Fenwick & Hale')).toBe(`${'x'.repeat(59)}…`);
  });
});

describe('pageDescription', () => {
  it('keeps a description that fits, and cuts a longer one at a word, within 160 characters', () => {
    expect(pageDescription('Accounts and tax in Leeds.')).toBe('Accounts and tax in Leeds.');
    const long = `O’Brien & Marsh look after the accounts of businesses across ${'Leeds, '.repeat(30)}and York.`;
    const cut = pageDescription(long);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut).toMatch(/Leeds…$/);
  });
});
