import { botCheckMessages } from '#shared/bot-check.ts';
import { enquiryMessages } from '#shared/enquiries.ts';
import type { TestApp } from './app.ts';
import { type Reachable, send } from './http.ts';

// Contact and quote enquiries as the API tests send them, and what they read back.

export const received = { success: true, infoMessages: [enquiryMessages.received], errorMessages: [] };
export const refused = { success: false, infoMessages: [], errorMessages: [botCheckMessages.failed] };

export const contact = (email: string) => ({
  profession: 'Dentist',
  name: 'Amira Shah',
  emailAddress: email,
  phone: '07700 900123',
  message: 'We are opening a second surgery.\r\nCan you help with payroll?',
  optin: false,
  accept: true,
  contact1: '2',
});

export const quote = (email: string) => ({
  practiceName: 'Shah Dental Care',
  name: 'Amira Shah',
  emailAddress: email,
  postcode: 'ls2 7hy',
  message: 'Year-end accounts and payroll for six staff.',
  cost: 480000,
  quoted: '',
  year1: true,
  year2: false,
  year3: true,
  year4: false,
  year5: false,
  year6: false,
  year7: false,
  optin: true,
  accept: true,
  contact1: '2',
});

/** POSTs `body` as JSON to a running site (a test app or the built server's process). */
export function post(site: Reachable, path: string, body: unknown) {
  return send(site, path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export const enquiriesFrom = (site: TestApp, email: string) =>
  site.db.selectFrom('enquiries').selectAll().where('email', '=', email).execute();

export const mailTo = async (site: TestApp, email: string) =>
  site.db.selectFrom('outbox_messages').select('kind').where('recipient', '=', email).execute();
