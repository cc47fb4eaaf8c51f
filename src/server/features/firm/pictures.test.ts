import { readFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { badgeMessages, heroMessages, logoMessages } from '#shared/firm-pictures.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { obrienAndMarsh } from '#tests/support/firms.ts';
import { send } from '#tests/support/http.ts';
import { backOfficeClient, signedInStaff } from '#tests/support/staff.ts';
import { checkLogo } from './marks.ts';

/** A wordmark as a design program saves it, with what the site leaves out around the drawing. */
const wordmark =
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 60">' +
  '<metadata>Made in a design program</metadata><title>O’Brien &amp; Marsh</title>' +
  '<rect width="200" height="60" rx="8" fill="#5b2a86"/><rect x="20" y="20" width="160" height="20" fill="#fff"/></svg>';
const upload = (contentType: string, bytes: Buffer | string) => ({
  contentType,
  data: Buffer.from(bytes).toString('base64'),
});
const png = (size: number) =>
  sharp({ create: { width: size, height: size, channels: 4, background: '#2a7a4b' } })
    .png()
    .toBuffer();
/** A PNG chunk: its length, type, data and checksum. */
const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])));
  return Buffer.concat([length, Buffer.from(type), data, checksum]);
};
/** A photo as a phone saves it: a JPEG, wider than it is tall. */
const photo = (width: number) =>
  sharp({ create: { width, height: Math.round((width * 2) / 3), channels: 3, background: '#8fa3b8' } })
    .jpeg()
    .toBuffer();
/** A small JPEG whose header claims it is 20,000 by 15,000 pixels (300 megapixels), as a panorama's would. */
const enormousPhoto = async () => {
  const bytes = await photo(480);
  const frame = bytes.indexOf(Buffer.from([0xff, 0xc0]));
  bytes.writeUInt16BE(15_000, frame + 5);
  bytes.writeUInt16BE(20_000, frame + 7);
  return bytes;
};

describeEachDatabase('the firm’s pictures', (database) => {
  let site: TestApp;
  let owner: ReturnType<typeof backOfficeClient>;
  beforeAll(async () => {
    site = await startTestApp({ database, firm: 'none' });
    owner = backOfficeClient(site, await signedInStaff(site, 'partner@obrienmarsh.example', 'owner'));
  });
  afterAll(() => site?.close());

  const bytesOf = async (path: string) => Buffer.from(await (await send(site, path)).arrayBuffer());
  const home = async () => (await send(site, '/')).text();
  /** The sharing picture's address, as the home page names it to link previews. */
  const shareAddress = async () =>
    /<meta property="og:image" content="https?:\/\/[^/]+(\/share\.png\?v=[^"]+)">/.exec(await home())?.[1] ??
    '';

  it('waits for the firm’s details, and is for owners only', async () => {
    const early = await owner.send('/firm/logo', upload('image/svg+xml', wordmark), 'PUT');
    expect(early.status).toBe(409);
    expect((await early.json()).errorMessages).toEqual([logoMessages.noDetails]);
    expect((await owner.send('/firm', { details: obrienAndMarsh, basedOn: null }, 'PUT')).status).toBe(200);

    const staff = backOfficeClient(site, await signedInStaff(site, 'reception@obrienmarsh.example', 'staff'));
    expect((await staff.send('/firm/logo', upload('image/svg+xml', wordmark), 'PUT')).status).toBe(403);
    expect((await staff.send('/firm/logo', undefined, 'DELETE')).status).toBe(403);
  });

  it('without a logo, shows the name alone and icons in the firm’s colours', async () => {
    expect(await home()).not.toContain('<img src="/logo');
    expect((await send(site, '/logo')).status).toBe(404);
    const icon = await sharp(await bytesOf('/apple-touch-icon.png')).metadata();
    expect([icon.width, icon.height]).toEqual([180, 180]);
  });

  it('without a logo, shares a picture of the name in the firm’s typeface, made again when either changes', async () => {
    const { details, version } = await owner.json('/firm');
    const first = await shareAddress();
    const lettered = await bytesOf(first);
    // The name, in the firm's main colour on the white card, runs wider than the card is tall, where the
    // plain mark alone would cover a square of 260 pixels.
    const { data, info } = await sharp(lettered).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const brand = Buffer.from(details.colours.brand.slice(1), 'hex');
    const inked = new Set<number>();
    for (let y = 120; y < 490; y++)
      for (let x = 230; x < 970; x++) {
        const at = (y * info.width + x) * 3;
        if ([0, 1, 2].every((channel) => Math.abs((data[at + channel] ?? 0) - (brand[channel] ?? 0)) < 24))
          inked.add(x);
      }
    expect(inked.size).toBeGreaterThan(300);

    const changed = await owner.send(
      '/firm',
      { details: { ...details, typeface: 'source-serif-4' }, basedOn: version },
      'PUT',
    );
    expect(changed.status).toBe(200);
    const second = await shareAddress();
    expect(second).not.toBe(first);
    expect(await bytesOf(second)).not.toEqual(lettered);
    const restored = await owner.send('/firm', { details, basedOn: version + 1 }, 'PUT');
    expect(restored.status).toBe(200);
  });

  it('takes an SVG made safe, shows it on every page, and makes the icons and sharing picture from it', async () => {
    const plainIcon = await bytesOf('/apple-touch-icon.png');
    const plainShare = await bytesOf('/share.png');
    const saved = await owner.send('/firm/logo', upload('image/svg+xml', wordmark), 'PUT');
    expect(await saved.json()).toEqual({
      success: true,
      infoMessages: [logoMessages.saved],
      errorMessages: [],
    });

    const { logo } = await owner.json('/firm');
    expect(logo).toMatch(/^\/logo\?v=[0-9a-f]{16}$/);
    // A wordmark three and a third times as wide as it is tall keeps its shape at the header’s height.
    expect(await home()).toContain(`<img src="${logo}" alt="" width="120" height="36"/>`);
    const served = await send(site, logo);
    expect(served.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('content-security-policy')).toContain("default-src 'none'");
    const svg = await served.text();
    expect(svg).toContain('<title>O’Brien &amp; Marsh</title>');
    expect(svg).not.toContain('metadata');

    // Made again from the new logo, not served from before.
    expect(await bytesOf('/apple-touch-icon.png')).not.toEqual(plainIcon);
    const shared = await shareAddress();
    expect(shared).toMatch(new RegExp(`^/share\\.png\\?v=${logo.slice('/logo?v='.length)}-`));
    const share = await bytesOf(shared);
    expect(share).not.toEqual(plainShare);
    const shareImage = await sharp(share).metadata();
    expect([shareImage.width, shareImage.height, share.length <= 100 * 1024]).toEqual([1200, 630, true]);

    // favicon.ico is asked for by name: a browser checks it each time, and an unchanged one is not sent.
    const icon = await send(site, '/favicon.ico');
    expect(icon.headers.get('cache-control')).toBe('no-cache');
    const again = await send(site, '/favicon.ico', {
      headers: { 'if-none-match': icon.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);

    expect((await owner.json('/audit-log')).items[0]).toMatchObject({
      action: 'firm.logo-changed',
      by: 'partner@obrienmarsh.example',
    });
  });

  it('refuses what is not a logo in words, and keeps the one in use', async () => {
    const { logo } = await owner.json('/firm');
    const refusals: [string, Buffer | string, number, string][] = [
      [
        'image/svg+xml',
        wordmark.replace('<title>', '<script>fetch("/")</script><title>'),
        422,
        logoMessages.script,
      ],
      ['image/svg+xml', wordmark.replace('<rect ', '<rect onclick="x()" '), 422, logoMessages.handler],
      [
        'image/svg+xml',
        wordmark.replace('<title>', '<image href="https://x.example/a.png"/><title>'),
        422,
        logoMessages.external,
      ],
      [
        'image/svg+xml',
        wordmark.replace('<title>', '<foreignObject/><title>'),
        422,
        logoMessages.foreignObject,
      ],
      [
        'image/svg+xml',
        wordmark.replace('<title>', '<style>*{display:none}</style><title>'),
        422,
        logoMessages.blank,
      ],
      [
        'image/png',
        await sharp({ create: { width: 256, height: 256, channels: 4, background: '#0000' } })
          .png()
          .toBuffer(),
        422,
        logoMessages.blank,
      ],
      // A white logo made for a dark background: nothing of it would show on the white header.
      [
        'image/svg+xml',
        wordmark.replaceAll(/fill="#[0-9a-f]{3,6}"/g, 'fill="#fcfcfc"'),
        422,
        logoMessages.blank,
      ],
      ['image/svg+xml', '<svg', 422, logoMessages.unreadable],
      ['image/png', wordmark, 422, logoMessages.unreadable],
      ['image/png', (await png(256)).subarray(0, 60), 422, logoMessages.unreadable],
      ['image/png', await png(64), 422, logoMessages.small],
      ['image/png', Buffer.alloc(1024 * 1024 + 1), 413, logoMessages.size],
      ['image/gif', 'GIF89a', 422, logoMessages.type],
    ];
    for (const [contentType, bytes, status, message] of refusals) {
      const answer = await owner.send('/firm/logo', upload(contentType, bytes), 'PUT');
      expect([answer.status, (await answer.json()).errorMessages]).toEqual([status, [message]]);
    }
    expect((await owner.json('/firm')).logo).toBe(logo);
  });

  it('draws the icons from a logo of any declared size, and refuses a damaged or enormous PNG', async () => {
    for (const size of ['width="120mm" height="120mm"', 'width="4000" height="4000"']) {
      const drawing = `<svg xmlns="http://www.w3.org/2000/svg" ${size} viewBox="0 0 120 120"><circle cx="60" cy="60" r="50" fill="#5b2a86"/></svg>`;
      expect((await owner.send('/firm/logo', upload('image/svg+xml', drawing), 'PUT')).status).toBe(200);
      for (const path of ['/favicon.ico', '/apple-touch-icon.png'])
        expect((await send(site, path)).status).toBe(200);
    }
    const { logo } = await owner.json('/firm');
    // A chunk whose checksum is wrong: browsers may still show it, but the site refuses it.
    const damaged = Buffer.from(await png(256));
    const idat = damaged.indexOf('IDAT');
    const checksumAt = idat + 4 + damaged.readUInt32BE(idat - 4);
    damaged.writeUInt32BE((damaged.readUInt32BE(checksumAt) ^ 1) >>> 0, checksumAt);
    // A header claiming 10,000 by 10,000 pixels, and nothing after it.
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(10_000, 0);
    ihdr.writeUInt32BE(10_000, 4);
    ihdr.set([8, 6, 0, 0, 0], 8);
    const enormous = Buffer.concat([
      (await png(256)).subarray(0, 8),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(Buffer.alloc(1))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    for (const [bytes, message] of [
      [damaged, logoMessages.unreadable],
      [enormous, logoMessages.tooManyPixels],
    ] as const) {
      const answer = await owner.send('/firm/logo', upload('image/png', bytes), 'PUT');
      expect([answer.status, (await answer.json()).errorMessages]).toEqual([422, [message]]);
    }
    expect((await owner.json('/firm')).logo).toBe(logo);
  });

  it('keeps none of what a PNG carried besides its picture', async () => {
    const plain = await png(256);
    const iend = plain.indexOf('IEND') - 4;
    const withNote = Buffer.concat([
      plain.subarray(0, iend),
      chunk('tEXt', Buffer.from('Comment\0taken at 3 Park Row by the partner’s phone')),
      plain.subarray(iend),
    ]);
    expect((await owner.send('/firm/logo', upload('image/png', withNote), 'PUT')).status).toBe(200);
    const served = await bytesOf((await owner.json('/firm')).logo);
    expect(served.includes('tEXt')).toBe(false);
    expect((await sharp(served).metadata()).width).toBe(256);
  });

  it('shows the badges of its accreditations on the home page, each described, up to eight', async () => {
    const badge = (colour: string) =>
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 60"><rect width="120" height="60" fill="${colour}"/></svg>`;
    const added = await owner.send('/firm/badges', {
      ...upload('image/svg+xml', badge('#123456')),
      alt: 'ICAEW Chartered Accountants',
    });
    expect(await added.json()).toEqual({
      success: true,
      infoMessages: [badgeMessages.saved],
      errorMessages: [],
    });
    const { badges } = await owner.json('/firm');
    expect(badges).toEqual([
      {
        key: expect.stringMatching(/^[0-9a-f]{16}$/),
        src: expect.stringMatching(/^\/badges\/badge-/),
        alt: 'ICAEW Chartered Accountants',
        width: 112,
        height: 56,
      },
    ]);
    expect(await home()).toContain(
      `<img src="${badges[0].src}" alt="ICAEW Chartered Accountants" width="112" height="56" loading="lazy"/>`,
    );
    const served = await send(site, badges[0].src);
    expect([served.headers.get('content-type'), served.headers.get('cache-control')]).toEqual([
      'image/svg+xml',
      'public, max-age=31536000, immutable',
    ]);

    for (const [body, message] of [
      [{ ...upload('image/svg+xml', badge('#654321')), alt: ' ' }, badgeMessages.alt],
      [
        {
          ...upload('image/svg+xml', badge('#654321').replace('<rect', '<script>x()</script><rect')),
          alt: 'AAT',
        },
        badgeMessages.script,
      ],
      [
        {
          ...upload(
            'image/svg+xml',
            badge('#654321').replace('<rect', '<style>*{display:none}</style><rect'),
          ),
          alt: 'AAT',
        },
        badgeMessages.blank,
      ],
    ] as const) {
      const answer = await owner.send('/firm/badges', body);
      expect([answer.status, (await answer.json()).errorMessages]).toEqual([422, [message]]);
    }
    for (let colour = 1; colour < 8; colour++)
      expect(
        (
          await owner.send('/firm/badges', {
            ...upload('image/svg+xml', badge(`#00000${colour}`)),
            alt: `Badge ${colour}`,
          })
        ).status,
      ).toBe(200);
    const again = await owner.send('/firm/badges', {
      ...upload('image/svg+xml', badge('#000001')),
      alt: 'Again',
    });
    expect([again.status, (await again.json()).errorMessages]).toEqual([409, [badgeMessages.duplicate]]);
    const ninth = await owner.send('/firm/badges', {
      ...upload('image/svg+xml', badge('#abcdef')),
      alt: 'One too many',
    });
    expect([ninth.status, (await ninth.json()).errorMessages]).toEqual([409, [badgeMessages.tooMany]]);

    const removed = await owner.send(`/firm/badges/${badges[0].key}`, undefined, 'DELETE');
    expect((await removed.json()).infoMessages).toEqual([badgeMessages.removed]);
    expect(await home()).not.toContain('ICAEW Chartered Accountants"');
    expect((await send(site, badges[0].src)).status).toBe(404);
    const gone = await owner.send(`/firm/badges/${badges[0].key}`, undefined, 'DELETE');
    expect([gone.status, (await gone.json()).errorMessages]).toEqual([404, [badgeMessages.unknown]]);
    expect((await owner.json('/audit-log')).items[0]).toMatchObject({
      action: 'firm.badge-removed',
      subject: 'ICAEW Chartered Accountants',
    });
  });

  it('takes a PNG, and removing the logo leaves the name alone', async () => {
    expect((await owner.send('/firm/logo', upload('image/png', await png(256)), 'PUT')).status).toBe(200);
    const { logo } = await owner.json('/firm');
    expect((await send(site, logo)).headers.get('content-type')).toBe('image/png');

    const removed = await owner.send('/firm/logo', undefined, 'DELETE');
    expect((await removed.json()).infoMessages).toEqual([logoMessages.removed]);
    expect((await owner.json('/firm')).logo).toBeNull();
    expect(await home()).not.toContain('<img src="/logo');
    expect((await owner.json('/audit-log')).items[0]).toMatchObject({
      action: 'firm.logo-removed',
      by: 'partner@obrienmarsh.example',
    });
  });

  it('takes a photo for the home page in the sizes screens need, in place of the drawing, until it is removed', async () => {
    expect(await home()).toContain('class="hero-art"');
    const saved = await owner.send(
      '/firm/home-picture',
      { ...upload('image/jpeg', await photo(1600)), alt: 'Our office on Park Row' },
      'PUT',
    );
    expect(await saved.json()).toEqual({
      success: true,
      infoMessages: [heroMessages.saved],
      errorMessages: [],
    });

    const page = await home();
    expect(page).not.toContain('class="hero-art"');
    const sources = [...page.matchAll(/<source type="(image\/\w+)" srcSet="([^"]+)"/g)].map(
      ([, type, set]) => [type, (set as string).split(', ').map((entry) => entry.split(' ')[1])],
    );
    expect(sources).toEqual([
      ['image/avif', ['480w', '960w', '1440w']],
      ['image/webp', ['480w', '960w', '1440w']],
    ]);
    const img =
      /<img class="hero-photo" src="([^"]+)" alt="Our office on Park Row" width="1440" height="960"/.exec(
        page,
      );
    expect(img).not.toBeNull();
    const largest = await send(site, img?.[1] as string);
    expect(largest.headers.get('content-type')).toBe('image/webp');
    expect(largest.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const { width, exif } = await sharp(Buffer.from(await largest.arrayBuffer())).metadata();
    expect([width, exif]).toEqual([1440, undefined]);
    expect((await owner.json('/firm')).homePicture).toEqual({
      src: img?.[1],
      alt: 'Our office on Park Row',
      width: 1440,
      height: 960,
    });

    for (const [body, status, message] of [
      [{ ...upload('image/jpeg', await photo(800)), alt: '' }, 422, heroMessages.small],
      [{ ...upload('image/png', await photo(1600)), alt: '' }, 422, heroMessages.mislabelled],
      [{ ...upload('image/jpeg', 'not a photo'), alt: '' }, 422, heroMessages.unreadable],
      [{ ...upload('image/jpeg', await enormousPhoto()), alt: '' }, 413, heroMessages.pixels],
      [{ ...upload('image/gif', 'GIF89a'), alt: '' }, 422, heroMessages.type],
      [{ ...upload('image/jpeg', await photo(1600)), alt: 'x'.repeat(201) }, 422, heroMessages.alt],
    ] as const) {
      const answer = await owner.send('/firm/home-picture', body, 'PUT');
      expect([answer.status, (await answer.json()).errorMessages]).toEqual([status, [message]]);
    }
    expect((await send(site, img?.[1] as string)).status).toBe(200);

    const removed = await owner.send('/firm/home-picture', undefined, 'DELETE');
    expect((await removed.json()).infoMessages).toEqual([heroMessages.removed]);
    expect(await home()).toContain('class="hero-art"');
    expect((await send(site, img?.[1] as string)).status).toBe(404);
  });
});

it('takes the demo firm’s seed logo as it is', async () => {
  const seed = readFileSync(new URL('../../../../seeds/demo-firm/logo.svg', import.meta.url));
  const logo = await checkLogo(seed, 'image/svg+xml');
  expect(logo.bytes.toString()).toBe(
    seed
      .toString()
      .trim()
      .replace(/<(\w+)([^>]*)\/>/g, '<$1$2></$1>'),
  );
});
