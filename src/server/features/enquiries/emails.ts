import { firm } from '#content/firm.ts';
import { autoReplied } from '#server/mail/headers.ts';
import type { MailMessage } from '#server/mail/message.ts';
import type { Enquiry } from './enquiry.ts';

export interface EnquiryMailSettings {
  staffEmail: string;
}

const kindNames = { contact: 'contact enquiry', quote: 'quote request' } as const;

/** Tells the firm about a new enquiry with everything the visitor sent; a reply goes straight to them. */
export function staffEnquiryNotice(
  reference: string,
  enquiry: Enquiry,
  settings: EnquiryMailSettings,
): MailMessage {
  const subject =
    enquiry.kind === 'contact'
      ? `New contact enquiry: ${enquiry.name} (${enquiry.organisation})`
      : `New quote request: ${enquiry.organisation}`;
  const opening = `${enquiry.name} sent a ${kindNames[enquiry.kind]} from the website.`;
  return {
    to: settings.staffEmail,
    subject,
    body: {
      preview: opening,
      heading: enquiry.kind === 'contact' ? 'New contact enquiry' : 'New quote request',
      blocks: [
        { kind: 'paragraph', text: `${opening} Reply to this email to write to them at ${enquiry.email}.` },
        { kind: 'details', rows: [['Reference', reference], ...enquiryDetails(enquiry)] },
      ],
    },
    text: [
      opening,
      `Reply to this email to write to them at ${enquiry.email}.`,
      '',
      `Reference: ${reference}`,
      '',
      ...enquiryDetails(enquiry).flatMap(([label, value]) => [label, value, '']),
    ].join('\n'),
    replyTo: enquiry.email,
  };
}

/**
 * Tells the visitor that the enquiry arrived. It repeats none of what they typed, so the form cannot be used
 * to send someone else a message of a stranger's choosing.
 */
export function enquiryAcknowledgement(reference: string, enquiry: Enquiry): MailMessage {
  const { address } = firm;
  const thanks = `Thank you for your ${kindNames[enquiry.kind]}. One of our accountants will reply within one working day.`;
  const addMore = `If you need to add anything, reply to this email and quote reference ${reference}.`;
  const urgent = `If it is urgent, call us on ${firm.phone} (${firm.openingHours}).`;
  const notYou =
    'If you did not send this, someone may have typed your address by mistake. You can ignore this email; we will not contact you again about it.';
  return {
    to: enquiry.email,
    subject: `We have your ${kindNames[enquiry.kind]}: ${firm.name}`,
    headers: autoReplied,
    body: {
      preview: `Thank you for your ${kindNames[enquiry.kind]}. Your reference is ${reference}.`,
      heading: `We have your ${kindNames[enquiry.kind]}`,
      blocks: [
        { kind: 'paragraph', text: 'Hello,' },
        { kind: 'paragraph', text: thanks },
        { kind: 'details', rows: [['Your reference', reference]] },
        { kind: 'paragraph', text: addMore },
        { kind: 'paragraph', text: urgent },
        { kind: 'note', text: notYou },
      ],
    },
    text: [
      'Hello,',
      '',
      thanks,
      addMore,
      '',
      urgent,
      '',
      notYou,
      '',
      firm.name,
      `${address.street}, ${address.locality}, ${address.postcode}`,
    ].join('\n'),
  };
}

/** Every answer as [label, value], in the form's order, labelled for the staff who read it. */
export function enquiryDetails(enquiry: Enquiry): [string, string][] {
  const { details } = enquiry;
  const newsletter: [string, string] = [
    'Newsletter',
    details.optin ? 'Asked to join (confirmation sent)' : 'Not asked',
  ];
  if (enquiry.kind === 'contact') {
    return [
      ['Profession or trade', enquiry.organisation],
      ['Name', enquiry.name],
      ['Email address', enquiry.email],
      ['Phone number', enquiry.phone ?? ''],
      ['Message', enquiry.message],
      newsletter,
    ];
  }
  return [
    ['Practice or business', enquiry.organisation],
    ['Name', enquiry.name],
    ['Email address', enquiry.email],
    ['Postcode', enquiry.postcode ?? ''],
    ['Annual turnover', `£${(details.cost ?? 0).toLocaleString('en-GB')}`],
    ['Tax years', (details.taxYears ?? []).join(', ')],
    ['What they would like us to do', enquiry.message],
    ['Other quotes', details.quoted || '(not given)'],
    newsletter,
  ];
}
