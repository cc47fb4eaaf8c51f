import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { paragraph } from '#shared/rich-text.ts';
import type { PageDocument, Section } from '#shared/sections.ts';
import { accessibilityViolations } from '../support/accessibility.ts';
import { hydrated, setUpSiteInBrowser } from '../support/browser.ts';
import { nuHtmlErrors } from '../support/nu-html-checker.ts';
import { staffApi } from '../support/signed-in.ts';

// Every type of section a partner may add, filled as partners do: a word of 40 letters, twelve people
// (some without a photo), a review without a rating, an empty text, a picture that only decorates. The
// page must stay accessible, valid and usable by keyboard at a small phone's width and a laptop's.
const t = setUpSiteInBrowser();
const longWord = 'Supercalifragilisticexpialidociousnesses';

let pagePath = '';
beforeAll(async () => {
  const owner = await staffApi(t.site, 'partner@fenwickhale.example');
  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#8fa3b8' } })
    .jpeg()
    .toBuffer();
  const uploaded = await (
    await owner.send('/pages/pictures', { contentType: 'image/jpeg', data: photo.toString('base64') })
  ).json();
  const picture = (alt: string) => ({
    key: uploaded.key,
    width: uploaded.width,
    height: uploaded.height,
    alt,
    decorative: alt === '',
  });
  const sections: Section[] = [
    {
      id: 'hero',
      type: 'hero',
      heading: `Landlords ${longWord}`,
      lead: longWord,
      bookCall: true,
      callUs: true,
      facts: true,
      eyebrow: `For ${longWord}`,
      picture: picture('A row of houses'),
    },
    { id: 'empty', type: 'rich-text', heading: '', body: [] },
    {
      id: 'text',
      type: 'rich-text',
      heading: 'About rental accounts',
      body: [
        { type: 'heading', level: 2, content: [{ type: 'text', text: longWord }] },
        paragraph(`${longWord} ${longWord}`),
        { type: 'list', ordered: false, items: [[{ type: 'text', text: 'Rent', link: '/contact' }]] },
      ],
    },
    {
      id: 'services',
      type: 'services',
      heading: 'What it costs',
      items: [
        { title: longWord, text: 'Accounts.', price: 'From £60 a month' },
        { title: 'A portfolio', text: `${longWord}\nSecond line.`, price: '' },
      ],
    },
    {
      id: 'team',
      type: 'team',
      heading: 'Who you will work with',
      members: Array.from({ length: 12 }, (_, index) => ({
        name: index === 0 ? `Priya ${longWord}` : `Person ${index + 1}`,
        role: 'Tax manager',
        qualifications: index % 2 ? 'FCA' : '',
        biography: index === 0 ? longWord : '',
        ...(index < 3 && { photo: picture(index === 1 ? '' : `Person ${index + 1} at their desk`) }),
      })),
    },
    {
      id: 'reviews',
      type: 'reviews',
      heading: 'What landlords say',
      items: [
        { quote: longWord, name: 'Ann', business: 'Ann’s Lets', rating: 4, permission: true },
        { quote: 'Quick.', name: 'Bob', business: '', permission: true },
      ],
    },
    {
      id: 'fees',
      type: 'services',
      heading: 'What the fee covers',
      items: [
        {
          title: 'Rental accounts',
          text: 'For one property or many.',
          price: 'From £60 a month, or included with bookkeeping',
          includes: [longWord, 'Your self assessment return'],
          link: { label: 'Read our VAT guide', href: '/vat-de-minimis' },
        },
      ],
      link: { label: 'See all our services and fees', href: '/services' },
    },
    {
      id: 'steps',
      type: 'steps',
      heading: 'How working together goes',
      items: [
        { title: 'A call', text: longWord },
        { title: 'A quote', text: 'Within two days.' },
      ],
    },
    { id: 'accreditations', type: 'accreditations', heading: 'Qualified and registered' },
    {
      id: 'faq',
      type: 'faq',
      heading: 'Questions',
      items: [
        { question: `Do you do ${longWord}?`, answer: [paragraph('Yes.')] },
        { question: 'And MTD?', answer: [] },
      ],
    },
    {
      id: 'call',
      type: 'call-to-action',
      heading: 'Talk to us',
      text: '',
      target: 'book-call',
      label: 'Book a call',
    },
    {
      id: 'quote',
      type: 'call-to-action',
      heading: 'Prices',
      text: longWord,
      target: 'quote',
      label: 'Ask for a quote',
      second: { target: 'book-call', label: 'Book a call' },
    },
    { id: 'contact-details', type: 'contact-details', heading: 'Where to find us' },
    {
      id: 'picture',
      type: 'image-text',
      heading: 'Our office',
      body: [paragraph(longWord)],
      image: picture(''),
      imageSide: 'start',
    },
    { id: 'form', type: 'form', form: 'contact' },
    {
      id: 'quote-form',
      type: 'form',
      form: 'quote',
      heading: 'Ask for a quote',
      intro: [paragraph(longWord)],
      steps: [longWord, 'Your quote arrives within two days.'],
    },
    { id: 'vat', type: 'vat-explainer' },
    { id: 'privacy', type: 'privacy-notice' },
    { id: 'cookies', type: 'cookie-list' },
  ];
  const document: PageDocument = {
    title: 'Accountants for landlords',
    description: 'Every section.',
    sections,
  };
  const { id } = await (
    await owner.send('/pages', {
      path: '/every-section',
      title: document.title,
      description: document.description,
    })
  ).json();
  const saved = await owner.send(`/pages/${id}/draft`, { document, basedOn: 1 }, 'PUT');
  expect(saved.status).toBe(200);
  expect((await owner.send(`/pages/${id}/publish`, { basedOn: 2 })).status).toBe(200);
  pagePath = '/every-section';
});

describe('a page of every kind of section, with awkward content', () => {
  it('is accessible and fits the screen at 320 and 1280 px', async () => {
    await t.page.goto(`${t.site.url}${pagePath}`);
    await hydrated(t.page);
    for (const width of [320, 1280]) {
      await t.page.setViewportSize({ width, height: 800 });
      expect(
        await t.page.evaluate(() => document.documentElement.scrollWidth),
        `at ${width} px`,
      ).toBeLessThanOrEqual(width);
      expect(await accessibilityViolations(t.page), `at ${width} px`).toEqual([]);
      expect(await t.page.locator('h1').count()).toBe(1);
    }
    expect(t.errors).toEqual([]);
  });

  it('is valid HTML as served and as the browser holds it', async () => {
    const served = await fetch(`${t.site.url}${pagePath}`, { headers: { accept: 'text/html' } });
    await t.page.goto(`${t.site.url}${pagePath}`);
    await hydrated(t.page);
    const live = await t.page.evaluate(() => document.documentElement.outerHTML);
    expect(
      await nuHtmlErrors([
        { name: `GET ${pagePath}`, html: await served.text() },
        { name: `${pagePath} live`, html: `<!DOCTYPE html>\n${live}` },
      ]),
    ).toEqual([]);
  });

  it('can be walked by keyboard: every control reached in order, each showing where focus is', async () => {
    await t.page.setViewportSize({ width: 1280, height: 800 });
    await t.page.goto(`${t.site.url}${pagePath}`);
    await hydrated(t.page);
    const reached: string[] = [];
    for (let press = 0; press < 300; press++) {
      await t.page.keyboard.press('Tab');
      const focused = await t.page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (!element || element === document.body) return null;
        const style = getComputedStyle(element);
        return {
          name: `${element.tagName} ${element.textContent?.trim().slice(0, 30) ?? ''}`,
          ringed: style.outlineStyle !== 'none' && style.outlineWidth !== '0px',
        };
      });
      if (!focused) break;
      expect(focused.ringed, focused.name).toBe(true);
      reached.push(focused.name);
    }
    // Into the sections: the questions open, and the form's fields and button are reached.
    expect(reached.some((name) => name.startsWith('SUMMARY Do you do'))).toBe(true);
    expect(reached.some((name) => name.startsWith('BUTTON Send your enquiry'))).toBe(true);
    expect(reached.some((name) => name.startsWith('A Ask for a quote'))).toBe(true);
    expect(reached.some((name) => name.startsWith('A Read our VAT guide'))).toBe(true);
    expect(reached.some((name) => name.startsWith('BUTTON Ask for a quote'))).toBe(true);
  });
});
