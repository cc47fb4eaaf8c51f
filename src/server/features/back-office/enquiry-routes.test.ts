import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backOfficeMessages, formTokenHeader } from '#shared/back-office.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { contact, post } from '#tests/support/enquiries.ts';
import { send as sendTo } from '#tests/support/http.ts';
import { signedInStaff } from '#tests/support/staff.ts';

const api = '/api/back-office';

describeEachDatabase('the back office API for enquiries', (database) => {
  let site: TestApp;
  let staff: { cookies: string; token: string };

  beforeAll(async () => {
    site = await startTestApp({ database, env: { RATE_LIMIT_PER_MINUTE: '1000', CAPTCHA_PROVIDER: 'none' } });
    staff = await signedInStaff(site, 'gwen@fenwickhale.test');
    // Sixty contact enquiries a day apart, every third one qualified, two sharing a moment, and one quote.
    const day = (n: number) => new Date(Date.UTC(2026, 9, 1 + n, 10)).toISOString();
    await site.db
      .insertInto('enquiries')
      .values([
        ...Array.from({ length: 60 }, (_, n) => ({
          reference: `seed-${String(n).padStart(2, '0')}`,
          kind: 'contact' as const,
          name: n === 7 ? 'Percy 50%_Off' : `Client ${n}`,
          email: `client${n}@example.test`,
          organisation: 'Dentist',
          phone: null,
          postcode: null,
          message: 'Seeded',
          details: '{}',
          ip_address: null,
          created_at: n === 59 ? day(58) : day(n),
          stage: n % 3 === 0 ? ('qualified' as const) : ('new' as const),
        })),
        {
          reference: 'FH-7K3-Q9P',
          kind: 'quote' as const,
          name: 'Quote Person',
          email: 'quote@example.test',
          organisation: 'Practice',
          phone: null,
          postcode: 'SY1 2BQ',
          message: 'Seeded',
          details: '{}',
          ip_address: null,
          created_at: day(3),
          stage: 'new' as const,
        },
      ])
      .execute();
  });
  afterAll(async () => site?.close());

  const get = (path: string, cookies = staff.cookies) =>
    sendTo(site, `${api}${path}`, { headers: { cookie: cookies } });
  const send = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    sendTo(site, `${api}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: staff.cookies,
        origin: site.url,
        [formTokenHeader]: staff.token,
        ...headers,
      },
      body: JSON.stringify(body),
    });
  const references = async (path: string) =>
    ((await (await get(path)).json()) as { items: { reference: string }[] }).items.map((i) => i.reference);

  describe('refuses', () => {
    it('anonymous visitors everywhere, with 401 and no data', async () => {
      const anonymous = [
        sendTo(site, `${api}/contact-enquiries`),
        sendTo(site, `${api}/quote-requests`),
        sendTo(site, `${api}/enquiries/seed-00`),
        sendTo(site, `${api}/enquiries/seed-00/stage`, { method: 'POST', body: '{}' }),
        sendTo(site, `${api}/enquiries/seed-00/notes`, { method: 'POST', body: '{}' }),
        get('/contact-enquiries', 'session=forged-or-expired'),
      ];
      for (const response of await Promise.all(anonymous)) {
        expect(response.status).toBe(401);
        expect(response.headers.get('cache-control')).toBe('no-store');
        expect((await response.json()).errorMessages).toEqual([backOfficeMessages.signedOut]);
      }
    });

    it('changes sent from another site, or without the form token, with 403 and nothing changed', async () => {
      const attempts = [
        send('/enquiries/seed-01/stage', { stage: 'won' }, { origin: 'https://evil.example' }),
        send('/enquiries/seed-01/stage', { stage: 'won' }, { [formTokenHeader]: '' }),
        send('/enquiries/seed-01/notes', { text: 'forged' }, { [formTokenHeader]: 'x'.repeat(43) }),
      ];
      for (const response of await Promise.all(attempts)) {
        expect(response.status).toBe(403);
        expect((await response.json()).errorMessages).toEqual([backOfficeMessages.forbidden]);
      }
      const detail = await (await get('/enquiries/seed-01')).json();
      expect(detail.stage).toBe('new');
      expect(detail.timeline).toEqual([]);
    });
  });

  describe('lists', () => {
    it('pages through every enquiry of a kind, newest first, 25 at a time, none twice', async () => {
      const seen: string[] = [];
      let next: string | null = null;
      let pages = 0;
      do {
        const response = await get(`/contact-enquiries${next ? `?after=${next}` : ''}`);
        const body = (await response.json()) as { items: { reference: string }[]; next: string | null };
        seen.push(...body.items.map((item) => item.reference));
        next = body.next;
        pages++;
      } while (next);
      expect(pages).toBe(3);
      expect(seen).toHaveLength(60);
      expect(new Set(seen).size).toBe(60);
      // seed-58 and seed-59 share a moment: the id breaks the tie.
      expect(seen.slice(0, 3)).toEqual(['seed-59', 'seed-58', 'seed-57']);
      expect(await references('/quote-requests')).toEqual(['FH-7K3-Q9P']);
    });

    it('filters by stage, by days in the firm’s time zone, by the start of a name or email and by reference, oldest first on request', async () => {
      const qualified = await references('/contact-enquiries?stage=qualified&order=oldest');
      expect(qualified.slice(0, 3)).toEqual(['seed-00', 'seed-03', 'seed-06']);
      expect(qualified).toHaveLength(20);
      expect(await references('/contact-enquiries?from=2026-10-05&to=2026-10-07&order=oldest')).toEqual([
        'seed-04',
        'seed-05',
        'seed-06',
      ]);
      expect(await references('/contact-enquiries?q=CLIENT1')).toEqual([
        'seed-19',
        'seed-18',
        'seed-17',
        'seed-16',
        'seed-15',
        'seed-14',
        'seed-13',
        'seed-12',
        'seed-11',
        'seed-10',
        'seed-01',
      ]);
      // Wildcards typed by staff match themselves.
      expect(await references('/contact-enquiries?q=percy 50%25_')).toEqual(['seed-07']);
      expect(await references('/contact-enquiries?q=5%25')).toEqual([]);
      // A reference as someone reads it out on the phone, in any case and with or without its dashes.
      for (const spoken of ['FH-7K3-Q9P', 'fh-7k3-q9p', 'fh 7k3 q9p', 'FH7K3Q9P']) {
        expect(await references(`/quote-requests?q=${encodeURIComponent(spoken)}`)).toEqual(['FH-7K3-Q9P']);
      }
    });

    it('names the filter it cannot read', async () => {
      for (const [query, filter] of [
        ['stage=pending', 'stage'],
        ['from=yesterday', 'from'],
        ['order=random', 'order'],
        ['after=garbage', 'after'],
        ['colour=blue', 'list'],
      ]) {
        const response = await get(`/contact-enquiries?${query}`);
        expect(response.status).toBe(400);
        expect((await response.json()).errorMessages).toEqual([backOfficeMessages.filter(filter as string)]);
      }
    });
  });

  describe('one enquiry', () => {
    it('shows everything submitted, and a timeline of the emails, stage changes and notes', async () => {
      const email = 'timeline@example.test';
      // The bot check is off in this app, so any token passes.
      const sent = await post(site, '/contact-us-send', { ...contact(email), recToken: 'none' });
      expect(sent.status).toBe(201);
      const [row] = await site.db
        .selectFrom('enquiries')
        .select('reference')
        .where('email', '=', email)
        .execute();
      const reference = row?.reference as string;

      const before = await (await get(`/enquiries/${reference}`)).json();
      expect(before).toMatchObject({
        reference,
        kind: 'contact',
        name: 'Amira Shah',
        email,
        organisation: 'Dentist',
        phone: '07700 900123',
        message: contact(email).message,
        stage: 'new',
      });
      expect(before.timeline.map((entry: { what: string }) => entry.what)).toEqual(['email']);

      const staged = await send(`/enquiries/${reference}/stage`, { stage: 'contacted' });
      expect(staged.status).toBe(200);
      expect((await staged.json()).stage).toBe('contacted');
      const noted = await send(`/enquiries/${reference}/notes`, { text: '<b>Rang back</b>, wants a quote' });
      expect(noted.status).toBe(201);
      const after = await noted.json();
      expect(after.timeline.slice(1)).toMatchObject([
        { what: 'stage', detail: 'contacted', by: 'gwen@fenwickhale.test' },
        { what: 'note', detail: '<b>Rang back</b>, wants a quote', by: 'gwen@fenwickhale.test' },
      ]);
      expect(await references('/contact-enquiries?stage=contacted')).toEqual([reference]);
    });

    it('refuses an unknown stage, an empty or oversized note and an unknown reference', async () => {
      const badStage = await send('/enquiries/seed-02/stage', { stage: 'maybe' });
      expect(badStage.status).toBe(422);
      expect((await badStage.json()).errorMessages).toEqual([backOfficeMessages.stage]);
      for (const text of ['   ', 'x'.repeat(4001)]) {
        const badNote = await send('/enquiries/seed-02/notes', { text });
        expect(badNote.status).toBe(422);
        expect((await badNote.json()).errorMessages).toEqual([backOfficeMessages.note]);
      }
      expect((await get('/enquiries/no-such-reference')).status).toBe(404);
      expect((await send('/enquiries/no-such-reference/notes', { text: 'hello' })).status).toBe(404);
      expect((await (await get('/enquiries/seed-02')).json()).timeline).toEqual([]);
    });
  });
});
