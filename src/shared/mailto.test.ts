import { describe, expect, it } from 'vitest';
import { mailtoHref } from './mailto.ts';

// The address the issue found on a lead: as a raw mailto it added a hidden Bcc to the staff's reply.
const hostile = 'ceo%40client.example?bcc=attacker%40evil.example&x=@evil.example';

/** What a mail program takes from a link: the recipients, and each header it sets. */
function readAsMailProgram(href: string) {
  const url = new URL(href);
  return {
    to: url.pathname.split(',').map(decodeURIComponent),
    headers: Object.fromEntries(url.searchParams),
  };
}

describe('mailto links', () => {
  it('leave an ordinary address as it is typed, @ and + included', () => {
    expect(mailtoHref('jo@example.com')).toBe('mailto:jo@example.com');
    expect(mailtoHref("jo.o'neil+news@mail.example.co.uk")).toBe("mailto:jo.o'neil+news@mail.example.co.uk");
  });

  it('encode the whole address as one unit, so it can set no header and add no recipient', () => {
    const href = mailtoHref(hostile);
    expect(href).not.toMatch(/[?&=]/);
    expect(readAsMailProgram(href)).toEqual({ to: [hostile], headers: {} });
    expect(readAsMailProgram(mailtoHref('a@example.com,b@evil.example'))).toEqual({
      to: ['a@example.com,b@evil.example'],
      headers: {},
    });
    expect(readAsMailProgram(mailtoHref('jo@example.com#x%0D%0ABcc:y'))).toEqual({
      to: ['jo@example.com#x%0D%0ABcc:y'],
      headers: {},
    });
  });

  it('encode each header as a whole value', () => {
    const href = mailtoHref(hostile, { subject: 'Re: your enquiry & more?bcc=x', body: 'Line 1\r\nLine 2' });
    expect(readAsMailProgram(href)).toEqual({
      to: [hostile],
      headers: { subject: 'Re: your enquiry & more?bcc=x', body: 'Line 1\r\nLine 2' },
    });
  });
});
