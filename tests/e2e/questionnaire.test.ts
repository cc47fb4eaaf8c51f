import { expect, it } from 'vitest';
import { firmMessages } from '#shared/api/back-office-firm.ts';
import { applicationQuestions, questionNames } from '#shared/application.ts';
import { accessibilityViolations } from '../support/accessibility.ts';
import { validApplication } from '../support/applications.ts';
import { bookingModal } from '../support/booking-modal.ts';
import { hydrated, setUpSiteInBrowser } from '../support/browser.ts';
import { signIn } from '../support/signed-in.ts';

// A partner words a question the firm's way and adds one of its own on the Questionnaire screen; a
// visitor then answers both on the application page, and the answers are stored with the application.
const t = setUpSiteInBrowser();

it('a partner rewords a question and adds one; a visitor answers both, and the answers are kept', async () => {
  const page = t.page;
  await signIn(page, t.site, 'partner@fenwickhale.example', 'owner', '/back-office/questionnaire');
  await page.getByRole('heading', { name: 'Questionnaire', level: 1 }).waitFor();
  await page
    .getByRole('group', { name: 'How many customers do you have?' })
    .getByLabel('Question')
    .fill('How many patients do you see?');
  await page.getByRole('button', { name: 'Add a question' }).click();
  await page.locator('#own-0-label').fill('Do you employ staff?');
  await page.getByLabel('Visitors must answer it').check();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Save the questionnaire' }).click();
  await page.getByRole('status').getByText(firmMessages.questionnaireSaved).waitFor();

  await page.goto(`${t.site.url}/application`);
  await hydrated(page);
  const form = page.locator('form.application');
  for (const name of questionNames) {
    const question = applicationQuestions[name];
    const value = String(validApplication[name]);
    if (question.kind === 'choice') await form.getByRole('radio', { name: value, exact: true }).check();
    else {
      const label = name === 'howManyClients' ? 'How many patients do you see?' : question.label;
      await form.getByLabel(label, { exact: true }).fill(value);
    }
  }
  await page.getByRole('button', { name: 'Arrange an initial chat' }).click();
  await page.getByRole('alert').getByRole('link', { name: 'Please answer: Do you employ staff?' }).click();
  await page.keyboard.type('Yes, four of us');
  // A reload loses nothing, the answer to the firm's own question included.
  await page.reload();
  await hydrated(page);
  await expect.poll(() => form.getByLabel('Do you employ staff?').inputValue()).toBe('Yes, four of us');
  const stored = page.waitForRequest('**/forms/application-form');
  await page.getByRole('button', { name: 'Arrange an initial chat' }).click();
  expect((await stored).postDataJSON().ownAnswers).toEqual({ q1: 'Yes, four of us' });
  await bookingModal(() => page)
    .dialog()
    .getByRole('grid')
    .waitFor();

  const row = await t.site.db.selectFrom('applications').select('answers').executeTakeFirstOrThrow();
  expect(JSON.parse(row.answers)).toMatchObject({
    howManyClients: 40,
    ownAnswers: [{ question: 'Do you employ staff?', answer: 'Yes, four of us' }],
  });
  expect(t.errors).toEqual([]);
});
