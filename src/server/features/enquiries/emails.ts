import { firm } from '#content/firm.ts';
import type { MailMessage } from '#server/mail/message.ts';
import { contactFields, quoteFields } from '#shared/enquiries.ts';
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
  return {
    to: settings.staffEmail,
    subject,
    text: [
      `${enquiry.name} sent a ${kindNames[enquiry.kind]} from the website.`,
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
  return {
    to: enquiry.email,
    subject: `We have your ${kindNames[enquiry.kind]}: ${firm.name}`,
    text: [
      'Hello,',
      '',
      `Thank you for your ${kindNames[enquiry.kind]}. One of our accountants will reply within one working day.`,
      `If you need to add anything, reply to this email and quote reference ${reference}.`,
      '',
      `If it is urgent, call us on ${firm.phone} (${firm.openingHours.toLowerCase()}).`,
      '',
      'If you did not send this, someone may have typed your address by mistake. You can ignore this email;',
      'we will not contact you again about it.',
      '',
      firm.name,
      `${address.street}, ${address.locality}, ${address.postcode}`,
    ].join('\n'),
  };
}

/** Every answer as [label, value], in the form's order. */
export function enquiryDetails(enquiry: Enquiry): [string, string][] {
  const { details } = enquiry;
  const newsletter: [string, string] = [
    'Newsletter',
    details.optin ? 'Asked to join (confirmation sent)' : 'Not asked',
  ];
  if (enquiry.kind === 'contact') {
    return [
      [contactFields.profession.label, enquiry.organisation],
      [contactFields.name.label, enquiry.name],
      [contactFields.emailAddress.label, enquiry.email],
      [contactFields.phone.label, enquiry.phone ?? ''],
      [contactFields.message.label, enquiry.message],
      newsletter,
    ];
  }
  return [
    [quoteFields.practiceName.label, enquiry.organisation],
    [quoteFields.name.label, enquiry.name],
    [quoteFields.emailAddress.label, enquiry.email],
    [quoteFields.postcode.label, enquiry.postcode ?? ''],
    [quoteFields.cost.label, `£${(details.cost ?? 0).toLocaleString('en-GB')}`],
    ['Tax years', (details.taxYears ?? []).join(', ')],
    [quoteFields.message.label, enquiry.message],
    [quoteFields.quoted.label, details.quoted || '(not given)'],
    newsletter,
  ];
}
