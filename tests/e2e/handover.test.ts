import { describe, expect, it } from 'vitest';
import { handoverMessages } from '#shared/handover.ts';
import { insertAcceptedProposal } from '../support/accepted-proposals.ts';
import { accessibilityViolations } from '../support/accessibility.ts';
import { openSection } from '../support/back-office-nav.ts';
import { hydrated, setUpSiteInBrowser } from '../support/browser.ts';
import { signIn } from '../support/signed-in.ts';

// After a client accepts: a member of staff records their due diligence on the person's page and completes
// it, and an owner points the webhook at the firm's practice software and makes its secret.
const t = setUpSiteInBrowser();

describe('handing a won client over, in Chromium', () => {
  for (const width of [375, 1280]) {
    it(`records a client’s due diligence, says what is missing, and completes it: the client is onboarded (${width} px)`, async () => {
      const page = t.page;
      await page.setViewportSize({ width, height: 900 });
      const { personId } = await insertAcceptedProposal(t.site.db, {
        email: `dana.${width}@brightwater.test`,
        name: 'Dana Whitfield',
        organisation: 'Brightwater Ltd',
      });
      await signIn(page, t.site, `sam.${width}@fenwickhale.test`, 'staff', `/back-office/people/${personId}`);
      const section = page.getByRole('region', { name: 'Due diligence' });
      await section.getByText('Not onboarded yet').waitFor();
      await hydrated(page);

      await section.getByRole('button', { name: 'Due diligence complete' }).click();
      const alert = section.getByRole('alert');
      await alert.getByText(handoverMessages.verifiedBy).waitFor();
      expect(await alert.getByRole('listitem').allTextContents()).toEqual([
        handoverMessages.verifiedBy,
        handoverMessages.verifiedOn,
        handoverMessages.verifiedAgainst,
        handoverMessages.risk,
        handoverMessages.riskReason,
      ]);

      await section
        .getByLabel('Identity verified by')
        .selectOption({ label: `sam.${width}@fenwickhale.test` });
      await section.getByLabel('On', { exact: true }).fill('2026-11-20');
      await section.getByLabel('Against').fill('passport seen in person');
      await section.getByLabel('Risk').selectOption({ label: 'Medium' });
      await section.getByLabel('Because').fill('Cash-heavy trade, long-standing local business');
      expect(await accessibilityViolations(page)).toEqual([]);
      await section.getByRole('button', { name: 'Due diligence complete' }).click();

      await section.getByText('Onboarded', { exact: true }).waitFor();
      await section.getByText('passport seen in person').waitFor();
      await page.getByText('Due diligence complete: onboarded').waitFor();
      expect(await section.getByRole('button').count()).toBe(0);
      expect(await accessibilityViolations(page)).toEqual([]);
      // The one refusal asked for, which the browser logs as a failed request.
      expect(t.errors).toEqual([
        'Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)',
      ]);
    });
  }

  it('lets an owner set the webhook’s address, refusing one that is not https, and shows its secret once', async () => {
    const page = t.page;
    await signIn(page, t.site, 'olive.hooks@fenwickhale.test', 'owner');
    await openSection(page, 'Webhook');
    await page.getByRole('heading', { name: 'Webhook', level: 1 }).waitFor();
    await hydrated(page);

    const address = page.getByLabel('Send accepted proposals to');
    await address.fill('http://receiver.example/hooks');
    await page.getByRole('button', { name: 'Save address' }).click();
    await page.getByRole('alert').getByText(handoverMessages.webhookHttps).waitFor();
    await address.fill('https://practice.example/hooks/practice-site');
    await page.getByRole('button', { name: 'Save address' }).click();
    await page.getByRole('status').getByText(handoverMessages.webhookSaved).waitFor();

    await page.getByRole('button', { name: 'Make a secret' }).click();
    await page.getByRole('status').getByText(handoverMessages.secretMade).waitFor();
    expect(await page.locator('code').textContent()).toMatch(/^[\w-]{43}$/);
    await page.getByRole('button', { name: 'Make a new secret' }).waitFor();
    await page.getByRole('link', { name: 'Download every client won as CSV' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    // Opened again, the secret is not shown: only when it was made.
    await page.reload();
    await page.getByText(/^Made .*It is not shown again/).waitFor();
    expect(await page.locator('code').count()).toBe(0);
    // The one refusal asked for, which the browser logs as a failed request.
    expect(t.errors).toEqual([
      'Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)',
    ]);
  });
});
