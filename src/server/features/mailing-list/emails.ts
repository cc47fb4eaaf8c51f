import { autoReplied } from '#server/mail/headers.ts';
import { emailFirm } from '#server/mail/layout.ts';
import type { MailMessage } from '#server/mail/message.ts';
import { unsubscribePage } from '#shared/api/mailing-list.ts';
import { mailtoHref } from '#shared/mailto.ts';
import type { SiteFirm } from '#shared/site-firm.ts';

export interface MailingListMailSettings {
  publicUrl: URL;
  /** Where a mail client's mailto unsubscribe goes: the firm's sending address, read by its staff. */
  unsubscribeMailbox: string;
  /** The firm of the moment, whose name and address the emails give. */
  firm: () => SiteFirm;
}

export function unsubscribeUrl(token: string, settings: MailingListMailSettings) {
  return new URL(`${unsubscribePage.path}?token=${encodeURIComponent(token)}`, settings.publicUrl).href;
}

/**
 * RFC 2369 and RFC 8058: every email to a subscriber names a URL and a mailto to unsubscribe, and a
 * one-click POST to the URL unsubscribes without any further step.
 */
export function unsubscribeHeaders(token: string, settings: MailingListMailSettings): Record<string, string> {
  const mailto = mailtoHref(settings.unsubscribeMailbox, { subject: `unsubscribe ${token}` });
  return {
    'List-Unsubscribe': `<${unsubscribeUrl(token, settings)}>, <${mailto}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

export function confirmationEmail(
  firm: SiteFirm,
  to: string,
  confirmUrl: string,
  unsubscribeToken: string,
  settings: MailingListMailSettings,
): MailMessage {
  const notSignedUp =
    'We will not send you anything else until you confirm. If you did not sign up, ignore this email and you will hear nothing more from us, or say so here:';
  return {
    to,
    subject: `Please confirm your subscription to the ${firm.name} newsletter`,
    text: [
      `Thank you for signing up to the ${firm.name} newsletter.`,
      '',
      'Please confirm that you would like to receive it by opening this link:',
      confirmUrl,
      '',
      notSignedUp,
      unsubscribeUrl(unsubscribeToken, settings),
      '',
      firm.name,
      `${firm.address.street}, ${firm.address.locality} ${firm.address.postcode}`,
    ].join('\n'),
    headers: { ...unsubscribeHeaders(unsubscribeToken, settings), ...autoReplied },
    body: {
      firm: emailFirm(firm),
      preview: 'Please confirm that you would like to receive our newsletter.',
      heading: 'Please confirm your subscription',
      blocks: [
        { kind: 'paragraph', text: `Thank you for signing up to the ${firm.name} newsletter.` },
        { kind: 'paragraph', text: 'Please confirm that you would like to receive it by opening this link:' },
        { kind: 'button', label: 'Confirm my subscription', href: confirmUrl },
        { kind: 'note', text: notSignedUp },
        { kind: 'link', label: 'I did not sign up', href: unsubscribeUrl(unsubscribeToken, settings) },
      ],
    },
  };
}
