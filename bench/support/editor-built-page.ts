import sharp from 'sharp';
import { loadConfig } from '#server/config.ts';
import { createDatabase } from '#server/db/database.ts';
import { hashPassword } from '#server/features/accounts/passwords.ts';
import { sha512Hex } from '#shared/password.ts';
import { paragraph } from '#shared/rich-text.ts';
import type { PageDocument, SectionImage } from '#shared/sections.ts';
import { backOfficeClient } from '#tests/support/staff.ts';

// A page a partner builds on the Pages screen, for the Lighthouse run: 8 sections and 6 photos, made
// through the back office's API as the editor makes it, and published at /landlords.

export const editorBuiltPagePath = '/landlords';
const origin = 'https://www.fenwickhale.co.uk';

/** Signs in through /login as the sign-in page does: the cookies to send (named `__Host-` under https) and the form token. */
async function signIn(siteUrl: string, email: string, password: string) {
  const tokenAnswer = await fetch(`${siteUrl}/api/form-token`);
  const formCookie = (tokenAnswer.headers.get('set-cookie') ?? '').split(';')[0] as string;
  const { token } = (await tokenAnswer.json()) as { token: string };
  const answer = await fetch(`${siteUrl}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin, cookie: formCookie },
    body: new URLSearchParams({ emailAddress: email, p: await sha512Hex(password), formToken: token }),
  });
  const session = answer.headers.getSetCookie().find((cookie) => /^(__Host-)?session=/.test(cookie));
  if (!session) throw new Error(`Signing in for the editor-built page answered ${answer.status}`);
  return { cookies: `${formCookie}; ${session.split(';')[0]}`, token };
}

/** A photo as a phone takes one: 4:3, 2400 px wide, and detailed enough not to compress to nothing. */
const photo = (seed: number) =>
  sharp({
    create: {
      width: 2400,
      height: 1800,
      channels: 3,
      background: { r: 60 + seed * 25, g: 110, b: 140 - seed * 10 },
      noise: { type: 'gaussian', mean: 0, sigma: 18 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();

export async function buildEditorPage(siteUrl: string, databaseUrl: string): Promise<void> {
  const email = 'partner.lighthouse@fenwickhale.test';
  const db = createDatabase(loadConfig({ DATABASE_URL: databaseUrl }).database);
  const now = new Date().toISOString();
  await db
    .insertInto('users')
    .values({
      email,
      password_hash: await hashPassword(await sha512Hex('Lighthouse1')),
      status: 'active',
      role: 'owner',
      created_at: now,
      password_changed_at: now,
    })
    .execute();
  await db.destroy();
  const site = { url: siteUrl };
  const client = backOfficeClient(site, await signIn(siteUrl, email, 'Lighthouse1'));
  // The production server knows itself by its public address, and takes changes only from there.
  const owner = {
    send: (path: string, body?: unknown, method = 'POST') => client.send(path, body, method, { origin }),
  };

  const pictures: SectionImage[] = [];
  for (let seed = 0; seed < 6; seed++) {
    const data = (await photo(seed)).toString('base64');
    const answer = await owner.send('/pages/pictures', { contentType: 'image/jpeg', data });
    if (answer.status !== 201) throw new Error(`Picture upload answered ${answer.status}`);
    const { key, width, height } = (await answer.json()) as { key: string; width: number; height: number };
    pictures.push({
      key,
      width,
      height,
      alt: `Photo ${seed + 1} of our work with landlords`,
      decorative: false,
    });
  }
  const [hero, anna, tom, priya, office, keys] = pictures as [SectionImage, ...SectionImage[]];
  const document: PageDocument = {
    title: 'Accountants for landlords',
    description: 'Rental accounts, self assessment and Making Tax Digital for landlords, from £60 a month.',
    sections: [
      {
        id: 'hero',
        type: 'hero',
        heading: 'Landlords, sorted',
        lead: 'Your rental accounts, done.',
        bookCall: true,
        picture: hero,
      },
      {
        id: 'intro',
        type: 'rich-text',
        heading: 'Why landlords come to us',
        body: [
          paragraph(
            'Making Tax Digital for Income Tax starts with landlords. We keep your records and send every quarterly update.',
          ),
        ],
      },
      {
        id: 'prices',
        type: 'services',
        heading: 'What it costs',
        items: [
          { title: 'One property', text: 'Accounts and your return.', price: 'From £60 a month' },
          {
            title: 'A portfolio',
            text: 'Up to ten properties, quarterly updates included.',
            price: 'From £120 a month',
          },
          {
            title: 'Incorporation',
            text: 'Moving properties into a company, start to finish.',
            price: 'From £1,500',
          },
        ],
      },
      {
        id: 'team',
        type: 'team',
        heading: 'Who you will work with',
        members: [
          {
            name: 'Anna Fenwick',
            role: 'Partner',
            qualifications: 'FCA',
            biography: 'Twenty years of property tax.',
            photo: anna,
          },
          {
            name: 'Tom Marsh',
            role: 'Tax manager',
            qualifications: 'CTA',
            biography: 'Landlords’ returns since 2015.',
            photo: tom,
          },
          {
            name: 'Priya Shah',
            role: 'Accountant',
            qualifications: 'ACCA',
            biography: 'Bookkeeping and MTD.',
            photo: priya,
          },
        ],
      },
      {
        id: 'office',
        type: 'image-text',
        heading: 'Near your properties',
        body: [paragraph('We visit, and we know the local letting agents.')],
        image: office,
        imageSide: 'start',
      },
      {
        id: 'reviews',
        type: 'reviews',
        heading: 'What landlords say',
        items: [
          {
            quote: 'They took MTD off my hands.',
            name: 'Jo Patel',
            business: 'Three flats in Leeds',
            rating: 5,
            permission: true,
          },
          {
            quote: 'Clear prices, no surprises.',
            name: 'Sam Reid',
            business: '',
            rating: 5,
            permission: true,
          },
          {
            quote: 'Our incorporation went smoothly.',
            name: 'Lee Chan',
            business: 'Chan Lettings Ltd',
            permission: true,
          },
        ],
      },
      {
        id: 'faq',
        type: 'faq',
        heading: 'Questions',
        items: [
          { question: 'Do you do Making Tax Digital?', answer: [paragraph('Yes, every quarterly update.')] },
          {
            question: 'Can you take over mid-year?',
            answer: [paragraph('Yes: we start from your last return.')],
          },
        ],
      },
      {
        id: 'keys',
        type: 'image-text',
        heading: 'Ready when you are',
        body: [paragraph('Book a call and we will look at your properties together.')],
        image: keys,
        imageSide: 'end',
      },
    ],
  };
  const created = await owner.send('/pages', {
    path: editorBuiltPagePath,
    title: document.title,
    description: document.description,
  });
  const { id } = (await created.json()) as { id: number };
  const saved = await owner.send(`/pages/${id}/draft`, { document, basedOn: 1 }, 'PUT');
  if (saved.status !== 200)
    throw new Error(`Saving the page answered ${saved.status}: ${await saved.text()}`);
  const published = await owner.send(`/pages/${id}/publish`, { basedOn: 2 });
  if (published.status !== 200) throw new Error(`Publishing the page answered ${published.status}`);
}
