import { afterAll, beforeAll, expect, it } from 'vitest';
import { firmMessages } from '#shared/api/back-office-firm.ts';
import { unescapeHtml } from '#shared/html.ts';
import { type Questionnaire, questionnaireMessages } from '#shared/questionnaire.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { validApplication } from '#tests/support/applications.ts';
import { send } from '#tests/support/http.ts';
import { startSmtpServer, type TestSmtpServer } from '#tests/support/smtp.ts';
import { backOfficeClient, signedInStaff } from '#tests/support/staff.ts';

// The firm words the SPEC's questions its own way and asks questions of its own: the page asks them, the
// server holds the answers to them, and staff read them beside the others. The SPEC's payload is unchanged.

let smtp: TestSmtpServer;
let site: TestApp;
let owner: ReturnType<typeof backOfficeClient>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  site = await startTestApp({ env: { SMTP_URL: smtp.url, STAFF_EMAIL: 'team@example.com' } });
  owner = backOfficeClient(site, await signedInStaff(site, 'partner@fenwickhale.example', 'owner'));
});
afterAll(async () => {
  await site?.close();
  await smtp?.stop();
});

const questionnaire: Questionnaire = {
  wording: { howManyClients: { label: 'How many patients do you see?', hint: '' } },
  own: [
    { id: 'q1', kind: 'short', label: 'Do you employ staff?', hint: '', required: true, options: [] },
    {
      id: 'q2',
      kind: 'choice',
      label: 'Which sector are you in?',
      hint: 'The nearest will do.',
      required: false,
      options: ['Retail', 'Farming'],
    },
  ],
};
const apply = (body: object) =>
  fetch(`${site.url}/forms/application-form`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const version = async () => (await owner.json('/firm')).version as number;

it('refuses a questionnaire it cannot ask, and a save from a version since replaced', async () => {
  const oneChoice = {
    ...questionnaire,
    own: [{ ...questionnaire.own[1], options: ['Retail'] }],
  };
  const refused = await owner.send(
    '/firm/questionnaire',
    { questionnaire: oneChoice, basedOn: await version() },
    'PUT',
  );
  expect([refused.status, (await refused.json()).errorMessages]).toEqual([
    422,
    ['Answers to choose for “Which sector are you in?”: give at least two.'],
  ]);
  const stale = await owner.send(
    '/firm/questionnaire',
    { questionnaire, basedOn: (await version()) - 1 },
    'PUT',
  );
  expect([stale.status, (await stale.json()).errorMessages]).toEqual([409, [firmMessages.savedElsewhere]]);
});

it('asks the firm’s words and questions, stores the answers, and shows them to staff', async () => {
  const saved = await owner.send('/firm/questionnaire', { questionnaire, basedOn: await version() }, 'PUT');
  expect([saved.status, (await saved.json()).infoMessages]).toEqual([200, [firmMessages.questionnaireSaved]]);
  // Read back as saved, for the screen to go on from.
  expect((await owner.json('/firm')).details.questionnaire).toEqual(questionnaire);

  const page = unescapeHtml(
    (await (await send(site, '/application', { headers: { accept: 'text/html' } })).text()).replaceAll(
      '<!-- -->',
      '',
    ),
  );
  expect(page).toContain('How many patients do you see?');
  expect(page).not.toContain('How many customers do you have?');
  expect(page).toContain('Do you employ staff?');
  expect(page).toContain('Which sector are you in? (optional)');

  // The SPEC's payload alone lacks the answer the firm requires; an answer to no question is refused.
  const missing = await apply(validApplication);
  expect([missing.status, (await missing.json()).errorMessages]).toEqual([
    422,
    ['Please answer: Do you employ staff?'],
  ]);
  // A page opened before the questions changed: told to reload, in words, whatever it sent.
  for (const ownAnswers of [{ q1: 'Yes' }, { q1: 'Yes', q2: 'Fishing' }]) {
    const stale = await apply({ ...validApplication, ownAnswers });
    expect([stale.status, (await stale.json()).errorMessages]).toEqual([
      422,
      [questionnaireMessages.changed],
    ]);
  }

  // An answer to a question no longer asked is not kept.
  const sent = await apply({
    ...validApplication,
    ownAnswers: { q1: 'Yes, four', q2: 'Farming', q9: 'Old' },
  });
  expect(sent.status).toBe(201);
  const { applicationReference } = await sent.json();
  const lead = await owner.json(`/applications/${applicationReference}`);
  expect(lead.answers.howManyClients).toBe(40);
  // Staff read each answer beside the words the visitor read.
  expect(lead.answers.askedAs).toEqual({ howManyClients: 'How many patients do you see?' });
  expect(lead.answers.ownAnswers).toEqual([
    { question: 'Do you employ staff?', answer: 'Yes, four' },
    { question: 'Which sector are you in?', answer: 'Farming' },
  ]);
  const notice = await smtp.waitFor(
    (mail) => mail.parsed.subject === 'New application: Priya Shah, Shah Bookkeeping',
  );
  expect(notice.parsed.text).toContain('Do you employ staff?\nYes, four');
  expect(notice.parsed.text).toContain('How many patients do you see?\n40');

  // An optional question left blank is no answer.
  const blank = await apply({
    ...validApplication,
    emailAddress: 'dev@example.co.uk',
    ownAnswers: { q1: 'No', q2: '' },
  });
  expect(blank.status).toBe(201);
  const second = await owner.json(`/applications/${(await blank.json()).applicationReference}`);
  expect(second.answers.ownAnswers).toEqual([
    { question: 'Do you employ staff?', answer: 'No' },
    { question: 'Which sector are you in?', answer: '' },
  ]);
});
