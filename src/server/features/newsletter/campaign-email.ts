import { renderEmailHtml } from '#server/mail/email-html.ts';
import type { EmailBlock } from '#server/mail/layout.ts';
import { emailFirm } from '#server/mail/layout.ts';
import { zoneFormatter } from '#shared/calendar.ts';
import { escapeHtml } from '#shared/html.ts';
import { markdownToText, renderMarkdown } from '#shared/markdown.ts';
import { publicOriginToken } from '#shared/public-origin.ts';
import { firmTimeZone, type SiteFirm } from '#shared/site-firm.ts';

// A campaign's email, drawn once in the site's email layout with two placeholders, then completed for
// each subscriber by substitution: drawing the layout takes milliseconds, far too long to do thousands of
// times, and the outbox then holds no copy of the HTML per subscriber.

/** What a campaign says: its own subject and Markdown, or an article's with a link to read it on the site. */
export interface CampaignContent {
  subject: string;
  bodyMarkdown: string;
  /** The line a mail program shows after the subject. */
  preview?: string;
  /** Set for a campaign made from an article: "Read it on our site". */
  readOnSite?: string;
}

export interface RenderedCampaign {
  subject: string;
  /** The HTML and text parts, with `{{unsubscribeUrl}}` and `{{signedUpOn}}` left to fill in. */
  html: string;
  text: string;
}

const unsubscribeToken = '{{unsubscribeUrl}}';
const signedUpToken = '{{signedUpOn}}';

const whyYouGetIt = (firm: SiteFirm) =>
  `You are receiving this because you signed up to the ${firm.name} newsletter on ${signedUpToken}.`;
const howToLeave = 'To stop receiving it, unsubscribe: one click, and you will get no more.';

export async function renderCampaign(
  firm: SiteFirm,
  content: CampaignContent,
  origin: string,
): Promise<RenderedCampaign> {
  const blocks: EmailBlock[] = [
    // Read in a mail program, away from the site: its paths are written as whole addresses.
    { kind: 'markdown-html', html: renderMarkdown(content.bodyMarkdown, origin, { absolute: true }) },
  ];
  if (content.readOnSite)
    blocks.push({ kind: 'button', label: 'Read it on our site', href: content.readOnSite });
  blocks.push(
    { kind: 'note', text: `${whyYouGetIt(firm)} ${howToLeave}` },
    { kind: 'link', label: 'Unsubscribe', href: unsubscribeToken },
  );
  const bodyText = markdownToText(content.bodyMarkdown, origin);
  const html = await renderEmailHtml({
    firm: emailFirm(firm),
    preview: content.preview ?? bodyText.split('\n').find((line) => line.trim() !== '') ?? content.subject,
    heading: content.subject,
    blocks,
  });
  const text = [
    content.subject,
    '',
    bodyText,
    ...(content.readOnSite ? ['', `Read it on our site: ${content.readOnSite}`] : []),
    '',
    '--',
    whyYouGetIt(firm),
    howToLeave,
    unsubscribeToken,
    '',
    firm.name,
    `${firm.address.street}, ${firm.address.locality} ${firm.address.postcode}`,
  ].join('\n');
  return { subject: content.subject, html: html.replaceAll(publicOriginToken, escapeHtml(origin)), text };
}

/** One subscriber's copy: their own unsubscribe link, and the day they signed up. */
export function completeFor(
  rendered: RenderedCampaign,
  recipient: { unsubscribeUrl: string; signedUpOn: string },
): { html: string; text: string } {
  const fill = (part: string, encode: (value: string) => string) =>
    part
      .replaceAll(unsubscribeToken, encode(recipient.unsubscribeUrl))
      .replaceAll(signedUpToken, encode(recipient.signedUpOn));
  return { html: fill(rendered.html, escapeHtml), text: fill(rendered.text, (value) => value) };
}

/** "4 March 2026": the day in the firm's time zone, as a reader writes it. */
export function dayInWords(at: string, timeZone = firmTimeZone) {
  return zoneFormatter(timeZone, { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(at));
}
