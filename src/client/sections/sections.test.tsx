import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { paragraph, type RichText } from '#shared/rich-text.ts';
import type { SectionOf } from '#shared/sections.ts';
import { RichTextView } from './RichTextView.tsx';
import { FaqSection, ReviewsSection, ServicesSection, TeamSection } from './TextSections.tsx';

const hostile = '<script>alert("x")</script>';

describe('rich text on a page', () => {
  it('is drawn as its own elements only, every character escaped, its headings under the section’s', () => {
    const text: RichText = [
      { type: 'heading', level: 2, content: [{ type: 'text', text: hostile }] },
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'See ' },
          { type: 'text', text: 'HMRC', bold: true, link: 'https://www.gov.uk/' },
          { type: 'text', text: ' or ' },
          { type: 'text', text: 'call us', italic: true, link: 'tel:+441134960000' },
        ],
      },
      {
        type: 'list',
        ordered: true,
        items: [[{ type: 'text', text: 'One' }], [{ type: 'text', text: 'Two' }]],
      },
    ];
    expect(renderToStaticMarkup(<RichTextView text={text} headingsFrom={3} />)).toBe(
      '<h3>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</h3>' +
        '<p>See <a href="https://www.gov.uk/" rel="noopener noreferrer"><strong>HMRC</strong></a> or ' +
        '<a href="tel:+441134960000"><em>call us</em></a></p>' +
        '<ol><li>One</li><li>Two</li></ol>',
    );
  });
});

describe('the sections of words', () => {
  it('show prices with services, and qualifications and a biography with each person', () => {
    const services: SectionOf<'services'> = {
      id: 'prices',
      type: 'services',
      heading: 'What it costs',
      items: [{ title: 'One property', text: 'Accounts.\nYour return.', price: 'From £60 a month' }],
    };
    const html = renderToStaticMarkup(<ServicesSection section={services} />);
    expect(html).toContain(
      '<section id="section-prices" class="section" aria-labelledby="section-prices-heading">',
    );
    expect(html).toContain('<h2 id="section-prices-heading">What it costs</h2>');
    expect(html).toContain(
      '<p class="service__price">From £60 a month</p><p>Accounts.</p><p>Your return.</p>',
    );

    const team: SectionOf<'team'> = {
      id: 'team',
      type: 'team',
      heading: 'Who you will work with',
      members: [{ name: 'Priya Shah FCA', role: 'Partner', qualifications: 'FCA, CTA', biography: hostile }],
    };
    const people = renderToStaticMarkup(<TeamSection section={team} />);
    expect(people).toContain(
      '<span class="person__monogram" aria-hidden="true">PS</span><h3>Priya Shah FCA</h3>',
    );
    expect(people).toContain('<p class="person__qualifications">FCA, CTA</p>');
    expect(people).toContain('&lt;script&gt;');
  });

  it('publish only the reviews the client agreed to, with a rating read as words', () => {
    const review = { quote: 'Calm and quick.', name: 'Ann', business: 'Ann’s Lets', permission: true };
    const section: SectionOf<'reviews'> = {
      id: 'reviews',
      type: 'reviews',
      heading: 'What clients say',
      items: [
        { ...review, rating: 4 },
        { ...review, name: 'Not agreed', permission: false },
      ],
    };
    const html = renderToStaticMarkup(<ReviewsSection section={section} />);
    expect(html).toContain('<span role="img" aria-label="Rated 4 out of 5">');
    expect(html).toContain('Ann');
    expect(html).not.toContain('Not agreed');
    const none = { ...section, items: [{ ...review, permission: false }] };
    expect(renderToStaticMarkup(<ReviewsSection section={none} />)).toBe('');
  });

  it('open each answer in place and tell search engines the questions, in JSON that cannot end its script', () => {
    const section: SectionOf<'faq'> = {
      id: 'faq',
      type: 'faq',
      heading: 'Questions',
      items: [{ question: `Do you do MTD? ${hostile}`, answer: [paragraph('Yes.')] }],
    };
    const html = renderToStaticMarkup(<FaqSection section={section} />);
    expect(html).toContain('<details class="faq__item"><summary>Do you do MTD? &lt;script&gt;');
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    expect(json).not.toContain('</script');
    expect(JSON.parse(json)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: [
        {
          '@type': 'Question',
          name: `Do you do MTD? ${hostile}`,
          acceptedAnswer: { '@type': 'Answer', text: 'Yes.' },
        },
      ],
    });
  });
});
