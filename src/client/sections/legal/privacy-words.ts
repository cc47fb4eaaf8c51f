// The privacy notice's account of what the site collects, why and for how long: the product's words,
// kept in step with what it does (a firm writes its own words around them, on the page's other sections).
import { auditAddressKeptDays, requestLogKeptDays } from '#shared/address-retention.ts';
import {
  consentProofYears,
  retentionPeriodToken,
  retentionPeriodWords,
  sentMailKeptDays,
  unconfirmedSignUpKeptDays,
} from '#shared/retention.ts';

export const privacyNotice = {
  sections: [
    {
      heading: 'What we collect',
      paragraphs: [
        'When you send an enquiry or ask for a quote: your name, email address, phone number or postcode, your profession or practice, what you tell us in your message, and the figures and tax years you give.',
        'When you book a call or fill in our application questionnaire: your email address, the time you chose, and your answers about your business.',
        'When you join our newsletter: your email address, and a record of when and where you signed up, the words you agreed to, and when you confirmed or unsubscribed.',
        'With each form we also record the internet address it came from, to protect the site against abuse (how long each is kept is below).',
        'With each form we also keep how you found us: the first page you opened on this site with the campaign named in its link, and the website that linked to it (its address only, not the page). Your browser keeps these until you close the tab and sends them only with a form; no cookie and no other company is involved.',
      ],
    },
    {
      heading: 'Why we use it',
      paragraphs: [
        'To answer your enquiry, prepare a quote, or hold the call you booked: these are steps you ask us to take before any engagement (UK GDPR Article 6(1)(b)).',
        'To send the newsletter, only once you have confirmed by email that you want it (your consent, Article 6(1)(a)). You can withdraw consent at any time with the one-click link in every issue.',
        'To keep the site safe from spam and misuse (our legitimate interests, Article 6(1)(f)).',
        'To know which of our pages, campaigns and the websites that mention us bring enquiries, counted in our own reports (our legitimate interests, Article 6(1)(f)).',
      ],
    },
    {
      heading: 'Who else sees it',
      paragraphs: [
        'Our email provider delivers the emails we send you. If you book a call, the video-call service creates the meeting link, and the call goes into our adviser’s calendar, held by their calendar provider. Our spam check sees the internet address of the device sending a form. Each acts only on our instructions.',
        'We never sell your details or share them for anyone else’s marketing.',
      ],
    },
    {
      heading: 'How long we keep it',
      paragraphs: [
        // The period is RETENTION_MONTHS in words, filled in by the server (shared/retention.ts).
        `Enquiries, quotes, applications and bookings are kept while we are talking to you about working together: the details you gave in those that did not lead to an engagement are deleted ${retentionPeriodToken} after we last dealt with them, or sooner if you ask. If you become a client, our letter of engagement explains how long client records are kept.`,
        `When the details of a call you booked are deleted, so is the entry in our adviser’s calendar that names you. We keep a record of the emails we send you, and of those we send our staff about you, for ${sentMailKeptDays} days after they are sent; then it is deleted, or at once if you ask us to delete your details.`,
        `When you unsubscribe from the newsletter, we keep only the record of your consent (when and where you signed up, the words you agreed to, when you confirmed and when you unsubscribed): the list of newsletters we sent you goes. If you sign up again and do not confirm within ${unconfirmedSignUpKeptDays} days, that sign-up is deleted and your earlier record of consent is kept as before.`,
        `Newsletter details are kept while you are subscribed, and the record of your consent for ${retentionPeriodWords(consentProofYears * 12)} after you unsubscribe, so we can show we had it. If you sign up but never confirm, your address is deleted ${unconfirmedSignUpKeptDays} days after you signed up, however often it is entered again.`,
        'So that nobody can use our forms to flood someone’s inbox, we count the emails they send to each address in a day, holding the address only in a scrambled form that cannot be read back, and delete the count when the day is over.',
        // The internet addresses kept apart from the records above (shared/address-retention.ts).
        `Our web server's log of visits holds no internet address in full, only the block of addresses it belongs to and a code that tells one visitor's visits apart without revealing it, and is kept for ${requestLogKeptDays} days. The internet address recorded with a sign-in to our staff area or a change of password is removed from our security log after ${auditAddressKeptDays} days, and one kept to stop password guessing is deleted a day after its last failed attempt. The one recorded with a newsletter sign-up, confirmation or unsubscription says whose it is (yours, whoever's filled in the form, or the email provider's that unsubscribed you at your request), and is deleted within a day of your unsubscribing. The one recorded with an enquiry, a quote request or an application is kept with it, and deleted with the rest of its details.`,
      ],
    },
    {
      heading: 'Your rights',
      paragraphs: [
        'You can ask for a copy of the details we hold about you, ask us to correct or delete them, object to how we use them, or ask us to restrict it. Email us and we will reply within one month.',
        'If you are unhappy with how we have handled your details, you can complain to the Information Commissioner’s Office at ico.org.uk or on 0303 123 1113.',
      ],
    },
  ],
} as const;
