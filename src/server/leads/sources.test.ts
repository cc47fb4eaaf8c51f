import { describe, expect, it } from 'vitest';
import { leadSourceOf } from './sources.ts';

const siteUrl = new URL('https://www.fenwickhale.test');
const none = { utm_source: null, utm_medium: null, utm_campaign: null, utm_term: null, utm_content: null };

describe('where a lead came from', () => {
  it('counts a campaign by its utm_source, keeping the first page’s path and its UTM parameters alone', () => {
    expect(
      leadSourceOf(
        {
          landingPage: '/services?utm_source=Newsletter&utm_medium=email&utm_campaign=spring&token=secret',
          referrer: 'https://mail.example.com/inbox?id=42',
        },
        { siteUrl },
      ),
    ).toEqual({
      ...none,
      channel: 'newsletter',
      referrer: 'https://mail.example.com',
      landing_path: '/services',
      utm_source: 'Newsletter',
      utm_medium: 'email',
      utm_campaign: 'spring',
    });
  });

  it('counts a link from another site by its host, and the site’s own pages or none as Direct', () => {
    expect(
      leadSourceOf({ landingPage: '/', referrer: 'https://www.google.com/' }, { siteUrl }),
    ).toMatchObject({
      channel: 'google.com',
      referrer: 'https://www.google.com',
      landing_path: '/',
    });
    expect(
      leadSourceOf({ landingPage: '/quote', referrer: 'https://www.fenwickhale.test/about' }, { siteUrl }),
    ).toMatchObject({ channel: 'Direct', referrer: null });
    expect(leadSourceOf({ landingPage: '/quote', referrer: '' }, { siteUrl })).toMatchObject({
      channel: 'Direct',
      referrer: null,
    });
  });

  it('keeps nothing it cannot trust: other schemes, other hosts’ pages, control characters, long values', () => {
    expect(
      leadSourceOf({ landingPage: '//evil.example/x', referrer: 'javascript:alert(1)' }, { siteUrl }),
    ).toEqual({ ...none, channel: 'Direct', referrer: null, landing_path: null });
    expect(
      leadSourceOf(
        { landingPage: `/?utm_source=${'x'.repeat(101)}&utm_medium=a%00b`, referrer: 'ftp://files.example' },
        { siteUrl },
      ),
    ).toEqual({ ...none, channel: 'Direct', referrer: null, landing_path: '/' });
  });

  it('takes an outside Referer header when the form sent no fields, as a form posted without its script does', () => {
    expect(leadSourceOf({}, { siteUrl, refererHeader: 'https://partner.example/links' })).toMatchObject({
      channel: 'partner.example',
      referrer: 'https://partner.example',
      landing_path: null,
    });
    expect(
      leadSourceOf({}, { siteUrl, refererHeader: 'https://www.fenwickhale.test/contact' }),
    ).toMatchObject({ channel: 'Direct', referrer: null });
  });
});
