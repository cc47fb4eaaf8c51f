import { describe, expect, it } from 'vitest';
import { maskEmail, redactUrl, scrubText } from './redaction.ts';

const token = 'Zt4qP9xW2mK7bR5nL8vC3jH6gF1sD0aY-Ee_Uu4Ii9o'; // 43 characters, as newToken makes them

describe('the URL a log line keeps', () => {
  it('keeps the path and the plain filters as sent', () => {
    expect(redactUrl('/api/back-office/contact-enquiries?stage=new&order=oldest&from=2026-01-01')).toBe(
      '/api/back-office/contact-enquiries?stage=new&order=oldest&from=2026-01-01',
    );
    expect(redactUrl('/api/back-offic%65/contact-enquiries')).toBe('/api/back-offic%65/contact-enquiries');
    expect(redactUrl('/assets/index-BkX3f9aQ.js')).toBe('/assets/index-BkX3f9aQ.js');
  });

  it('replaces every other query value, link tokens and searches first', () => {
    expect(redactUrl(`/reset-password?token=${token}`)).toBe('/reset-password?token=[redacted]');
    expect(redactUrl(`/unsubscribe?TOKEN=${token}&utm_source=mail`)).toBe(
      '/unsubscribe?TOKEN=[redacted]&utm_source=[redacted]',
    );
    expect(redactUrl('/api/back-office/subscribers?q=Ann%20Lee&status=confirmed')).toBe(
      '/api/back-office/subscribers?q=[redacted]&status=confirmed',
    );
    expect(redactUrl(`/subscribe/confirm?token=${token}#top`)).toBe(
      '/subscribe/confirm?token=[redacted]#[redacted]',
    );
  });

  it('masks an email address in the path however it is encoded', () => {
    for (const spelling of [
      'ann.lee@example.com',
      'ann.lee%40example.com',
      '%61nn.lee%40example.com',
      'ann.lee%2540example.com',
      'ann.lee@example.com;v=1',
    ]) {
      const logged = redactUrl(`/api/back-office/subscribers/${spelling}`);
      expect(logged).toMatch(/^\/api\/back-office\/subscribers\/a\*\*\*@example\.com/);
      expect(logged).not.toMatch(/ann|lee|%61nn/);
    }
    expect(redactUrl('/api/back-office/subscribers/ann%2Flee@example.com')).toBe(
      '/api/back-office/subscribers/a***@example.com',
    );
  });

  it('replaces a secret in a path segment, and addresses or secrets in a plain filter', () => {
    expect(redactUrl(`/bookings/cancel/${token}`)).toBe('/bookings/cancel/[redacted]');
    expect(redactUrl(`/x/${'ab12'.repeat(8)}`)).toBe('/x/[redacted]');
    expect(redactUrl('/send-reset-password-link-and-some-more-words')).toBe(
      '/send-reset-password-link-and-some-more-words',
    );
    expect(redactUrl('/api/back-office/bookings?status=ann%40example.com')).toBe(
      '/api/back-office/bookings?status=a***@example.com',
    );
    expect(redactUrl(`/login?${token}`)).toBe('/login?[redacted]');
  });

  it('never throws on broken percent-encoding', () => {
    expect(redactUrl('/api/back-office/subscribers/ann%ZZ@example.com?q=%E0%A4%A')).toBe(
      '/api/back-office/subscribers/a***@example.com?q=[redacted]',
    );
  });
});

describe('free text in a log line', () => {
  it('has addresses masked and link tokens replaced', () => {
    expect(maskEmail('ann.lee@example.com')).toBe('a***@example.com');
    expect(
      scrubText(
        `550 5.1.1 <ann.lee@example.com>: Recipient address rejected; see https://x.test/reset-password?token=abc`,
      ),
    ).toBe(
      '550 5.1.1 <a***@example.com>: Recipient address rejected; see https://x.test/reset-password?token=[redacted]',
    );
    expect(scrubText(`Key (token_hash)=(${token}) already exists.`)).toBe(
      'Key (token_hash)=([redacted]) already exists.',
    );
  });
});
