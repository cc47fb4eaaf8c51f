import ICAL from 'ical.js';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBookCallPayload, type TimeSlot } from '#shared/booking.ts';
import { unescapeHtml } from '#shared/html.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { firstBookableDate, postBooking } from '#tests/support/booking.ts';
import { obrienAndMarsh } from '#tests/support/firms.ts';
import { send } from '#tests/support/http.ts';
import { startSmtpServer, type TestSmtpServer } from '#tests/support/smtp.ts';
import { backOfficeClient, signedInStaff } from '#tests/support/staff.ts';

// A firm's name as firms have them: a straight apostrophe, a comma, an ampersand, an accent and brackets,
// each of which some format gives a meaning of its own (HTML, a mail header's display name, JSON, an
// iCalendar parameter, XML). Each shows the name exactly as the owner typed it.
const name = "O'Brien, Marsh & Ćosić (Leeds)";
const legalName = "O'Brien, Marsh & Ćosić (Leeds) Chartered Accountants Ltd";

describe('a firm whose name holds an apostrophe, a comma, an ampersand, an accent and brackets', () => {
  let site: TestApp;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    site = await startTestApp({ firm: 'none', env: { SMTP_URL: smtp.url } });
    const owner = backOfficeClient(site, await signedInStaff(site, 'partner@obrienmarsh.example'));
    const details = { ...obrienAndMarsh, tradingName: name, legalName, senderName: name };
    expect((await owner.send('/firm', { details, basedOn: null }, 'PUT')).status).toBe(200);
  });
  afterAll(async () => {
    await site?.close();
    await smtp?.stop();
  });

  it('is the page’s title, heading text and structured data, exactly', async () => {
    const page = await (await send(site, '/')).text();
    expect(unescapeHtml(/<title>([^<]*)<\/title>/.exec(page)?.[1] ?? '')).toBe(
      `${name} | Accountants in Leeds`,
    );
    expect(page).not.toContain(`${name} |`);
    const structured = JSON.parse(
      /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page)?.[1] ?? '',
    );
    expect([structured.name, structured.legalName]).toEqual([name, legalName]);
  });

  it('is the email’s sender, its footer, and the organiser of the call in its invitation', async () => {
    const visitor = 'amira.shah@example.com';
    const { date, slots } = await firstBookableDate(site.url);
    expect(
      (await postBooking(site.url, buildBookCallPayload(date, slots[0] as TimeSlot, visitor))).status,
    ).toBe(201);
    const mail = await smtp.waitFor((message) => message.to.includes(visitor));
    // Read back whole: the comma did not end the address, nor the accent break the header.
    expect(mail.parsed.from).toEqual({ name, address: 'hello@obrienmarsh.example' });
    expect(unescapeHtml(mail.parsed.html ?? '')).toContain(`${legalName}, 3 Park Row, Leeds LS1 5HD.`);
    const ics = mail.parsed.attachments.find((file) => file.mimeType === 'text/calendar');
    const calendar = new ICAL.Component(
      ICAL.parse(typeof ics?.content === 'string' ? ics.content : new TextDecoder().decode(ics?.content)),
    );
    const organizer = calendar.getFirstSubcomponent('vevent')?.getFirstProperty('organizer');
    expect(organizer?.getParameter('cn')).toBe(name);
  });

  it('is the title and author of the Atom feed, as an XML parser reads them', async () => {
    const xml = await (await send(site, '/insights/feed.xml')).text();
    const texts = new Map<string, string>();
    const open: string[] = [];
    const parser = new SaxesParser({ xmlns: true });
    parser.on('opentag', (tag) => open.push(tag.local));
    parser.on('closetag', () => open.pop());
    parser.on('text', (text) => texts.set(open.join('/'), (texts.get(open.join('/')) ?? '') + text));
    parser.write(xml).close();
    expect(texts.get('feed/title')).toBe(`${name}: Insights`);
    expect(texts.get('feed/author/name')).toBe(name);
  });
});
