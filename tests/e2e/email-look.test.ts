import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { confirmationEmail } from '#server/features/booking/emails.ts';
import { withMeetingLink } from '#server/features/booking/index.ts';
import { makeSitePictures } from '#server/features/firm/site-pictures.ts';
import { composeMail } from '#server/mail/outbox.ts';
import { sharedBrowser } from '../support/browser.ts';
import { demoFirm } from '../support/firms.ts';
import { sampleBooking } from '../support/sample-booking.ts';

// An email's HTML part as a mail program that follows the reader's light or dark setting draws it (Apple
// Mail and Outlook.com use the same styles); its logo comes from the site, which makes it as here.
const publicUrl = new URL('https://www.fenwickhale.co.uk/');
let logo: Buffer;
let browser: Browser;
let html: string;

beforeAll(async () => {
  browser = await sharedBrowser();
  logo = (await makeSitePictures(undefined, { colours: demoFirm().colours })).touchIcon.bytes;
  const now = new Date('2026-11-23T10:00:00Z');
  const booking = sampleBooking;
  const draft = confirmationEmail(
    demoFirm(),
    booking,
    {
      cancel: `${publicUrl.origin}/bookings/cancel?token=abc`,
      change: `${publicUrl.origin}/bookings/change?token=abc`,
    },
    {
      publicUrl,
      staffEmail: 'office@fenwickhale.co.uk',
      organizerEmail: 'hello@fenwickhale.co.uk',
      firm: demoFirm,
    },
    now,
  );
  const message = withMeetingLink(await composeMail(draft, publicUrl.origin), null);
  html = message.html ?? '';
});

async function open(colorScheme: 'light' | 'dark'): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 700, height: 900 }, colorScheme });
  await page.route(`${publicUrl.origin}/apple-touch-icon.png`, (route) =>
    route.fulfill({ contentType: 'image/png', body: logo }),
  );
  await page.setContent(html, { waitUntil: 'load' });
  return page;
}

/** The relative luminance (0 black to 1 white) of the colour painted at a point: the nearest opaque background. */
async function backgroundAt(page: Page, x: number, y: number): Promise<number> {
  return page.evaluate(
    ({ px, py }) => {
      // Below the content the canvas shows the body's background; a transparent one counts as no answer.
      const start = document.elementFromPoint(px, py);
      const chain: Element[] = [];
      for (let element = start; element; element = element.parentElement) chain.push(element);
      chain.push(document.body);
      for (const element of chain) {
        const colour = getComputedStyle(element).backgroundColor;
        const [r = 0, g = 0, b = 0, a = 1] = (colour.match(/[\d.]+/g) ?? []).map(Number);
        if (a === 0) continue;
        const channel = (c: number) => {
          const v = c / 255;
          return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
        };
        return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
      }
      return Number.NaN;
    },
    { px: x, py: y },
  );
}

describe('an email in a mail program', () => {
  it.each(['light', 'dark'] as const)(
    'in %s mode: frame and card alike, the logo shown, headings in the sans-serif',
    async (scheme) => {
      const page = await open(scheme);
      onTestFinished(() => page.close());
      const card = await page.locator('.card').boundingBox();
      if (!card) throw new Error('no card');
      // The frame: beside the card, and below everything.
      const frame = [await backgroundAt(page, 4, card.y + 40), await backgroundAt(page, 350, 890)];
      const inside = await backgroundAt(page, card.x + 10, card.y + 10);
      for (const luminance of [...frame, inside]) {
        if (scheme === 'dark') expect(luminance).toBeLessThan(0.05);
        else expect(luminance).toBeGreaterThan(0.8);
      }
      const image = page.locator('img');
      await expect(image.evaluate((img: HTMLImageElement) => img.naturalWidth)).resolves.toBe(180);
      await expect(
        image.evaluate((img: HTMLImageElement) => img.getBoundingClientRect().width),
      ).resolves.toBe(40);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading.evaluate((h1) => getComputedStyle(h1).fontFamily)).resolves.toMatch(
        /^Figtree,.*sans-serif$/,
      );
      await page.screenshot({ path: `/tmp/email-${scheme}.png`, fullPage: true });
    },
  );
});
