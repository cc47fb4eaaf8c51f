import { firm } from '#content/firm.ts';
import type { MailMessage } from '#server/mail/message.ts';

// Each paragraph is one line of the text part: mail programs wrap it to the reader's window, while a
// line broken mid-sentence reads raggedly on a phone.

const signature = [
  '',
  firm.name,
  `${firm.address.street}, ${firm.address.locality}, ${firm.address.postcode}`,
];

/** The link to set a new password, after a visitor asked for one. */
export function resetLinkEmail(email: string, link: string): MailMessage {
  return {
    to: email,
    subject: `Set a new password for the ${firm.name} back office`,
    text: [
      'Someone (we hope you) asked to set a new password for your account on our website.',
      '',
      'Follow this link to choose one. It works once, for one hour:',
      link,
      '',
      'If you did not ask, ignore this email: your password stays as it is.',
      ...signature,
    ].join('\n'),
    body: {
      preview: 'Follow the link inside to choose a new password. It works once, for one hour.',
      heading: 'Set a new password',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Someone (we hope you) asked to set a new password for your account on our website.',
        },
        { kind: 'paragraph', text: 'Follow this link to choose one. It works once, for one hour:' },
        { kind: 'button', label: 'Choose a new password', href: link },
        { kind: 'note', text: 'If you did not ask, ignore this email: your password stays as it is.' },
      ],
    },
  };
}

/** A new member of staff's invitation: the same link, to choose their first password. */
export function invitationEmail(email: string, link: string): MailMessage {
  const invited = `You have an account for the ${firm.name} back office, where the website's enquiries, bookings and sign-ups arrive.`;
  return {
    to: email,
    subject: `Your account for the ${firm.name} back office`,
    body: {
      preview: 'Follow the link inside to choose your password. It works once, for seven days.',
      heading: 'Your back-office account',
      blocks: [
        { kind: 'paragraph', text: invited },
        {
          kind: 'paragraph',
          text: 'Follow this link to choose your password. It works once, for seven days:',
        },
        { kind: 'button', label: 'Choose your password', href: link },
      ],
    },
    text: [
      invited,
      '',
      'Follow this link to choose your password. It works once, for seven days:',
      link,
      ...signature,
    ].join('\n'),
  };
}

/** Tells the user that their password changed, so a change they did not make does not go unnoticed. */
export function passwordChangedEmail(email: string, at: Date): MailMessage {
  const when = at.toLocaleString('en-GB', { timeZone: firm.timeZone, dateStyle: 'long', timeStyle: 'short' });
  return {
    to: email,
    subject: `Your ${firm.name} back-office password was changed`,
    text: [
      `The password for your account was changed on ${when}, and every device signed in was signed out.`,
      '',
      `If this was not you, call us on ${firm.phone} straight away.`,
      ...signature,
    ].join('\n'),
    body: {
      preview: `Your password was changed on ${when}.`,
      heading: 'Your password was changed',
      blocks: [
        {
          kind: 'paragraph',
          text: `The password for your account was changed on ${when}, and every device signed in was signed out.`,
        },
        { kind: 'paragraph', text: `If this was not you, call us on ${firm.phone} straight away.` },
      ],
    },
  };
}

/**
 * Tells the user, once, that sign-ins to their account are being slowed down after failed attempts, so an
 * attack does not go unnoticed. It names no address or count an attacker could have chosen to show them.
 */
const throttledParagraphs = [
  'Someone (perhaps you) has just tried several times to sign in to your account with the wrong password.',
  'To protect the account we now slow further attempts down: a device that keeps failing waits a quarter of an hour, and the login page may do a short extra check before signing anyone in. Your password still works.',
  "If these attempts were not yours, nobody got in with them. To be safe, set a new password: open the login page, choose 'Forgotten your password?' and follow the link we send you.",
];

export function signInThrottledEmail(email: string): MailMessage {
  return {
    to: email,
    subject: `Failed attempts to sign in to your ${firm.name} back-office account`,
    text: [...throttledParagraphs.flatMap((paragraph) => [paragraph, '']).slice(0, -1), ...signature].join(
      '\n',
    ),
    body: {
      preview: 'Someone has just tried several times to sign in to your account with the wrong password.',
      heading: 'Failed attempts to sign in',
      blocks: throttledParagraphs.map((text) => ({ kind: 'paragraph' as const, text })),
    },
  };
}
