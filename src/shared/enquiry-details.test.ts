import { describe, expect, it } from 'vitest';
import { enquiryDetailLines, pounds } from './enquiry-details.ts';

describe("an enquiry's extra answers as staff read them", () => {
  it("labels a quote's answers with the form's questions and puts each value in words", () => {
    expect(
      enquiryDetailLines({
        optin: true,
        cost: 1250.5,
        quoted: '',
        taxYears: ['2025 to 2026', '2026 to 2027'],
      }),
    ).toEqual([
      { label: 'Approximate annual turnover (£)', value: '£1,250.50' },
      { label: 'Which tax years is the quote for?', value: '2025 to 2026, 2026 to 2027' },
      { label: 'Have other firms quoted for this?', value: '(not given)' },
      { label: 'Asked to join the newsletter', value: 'Yes' },
    ]);
  });

  it('shows only the newsletter answer for a contact enquiry, and nothing once erased or unknown', () => {
    expect(enquiryDetailLines({ optin: false })).toEqual([
      { label: 'Asked to join the newsletter', value: 'No' },
    ]);
    expect(enquiryDetailLines({})).toEqual([]);
    expect(enquiryDetailLines({ colour: 'red' } as never)).toEqual([]);
  });

  it('writes pounds the British way, with pence only when there are some', () => {
    expect(pounds(80000)).toBe('£80,000');
    expect(pounds(1250.5)).toBe('£1,250.50');
  });
});
