import type { Answers, PriceList } from './pricing.ts';
import type { ProposalDocument, ProposalDraft, ProposalStatus } from './proposals.ts';

// The firm's side of proposals (issue 37): the words the back office shows and answers with, and how a
// quote request's answers become a draft's.

/** A status as staff read it in lists and on the timeline. */
export const proposalStatusLabels: Record<ProposalStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  viewed: 'Opened by the client',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  withdrawn: 'Withdrawn',
};

export const proposalStaffMessages = {
  saved: 'Draft saved, priced from today’s price list.',
  deleted: 'Draft deleted.',
  sent: 'Proposal sent: the client has been emailed a link to it.',
  withdrawn: 'Proposal withdrawn: its link no longer opens it.',
  newVersion:
    'A new version is ready as a draft, priced from today’s price list. Sending it withdraws the one it replaces.',
  settingsSaved: 'Proposal settings saved.',
  settingsOutOfRange:
    'Reminders go after 0 to 60 days (0: none), at most 5 of them, and a proposal expires after 1 to 365 days.',
  notFound: 'There is no such proposal: it may have been deleted. Open the person’s page to see theirs.',
  noPerson: 'There is no such person: they may have been merged into another record or erased.',
  notDraft: 'This proposal has been sent, so it cannot be changed. Use “Send a new version” instead.',
  originalAccepted:
    'The client has accepted the proposal this version replaces, so it is not sent: they would sign twice for the same work. Delete this draft.',
  onlyDraftDeleted: 'Only a draft can be deleted. Withdraw a sent proposal instead.',
  priceListMoved:
    'The price list has changed since this draft was priced. Save the draft again to re-price it from today’s list, check the fees, then send it.',
  notOpen: 'Only a proposal that is sent and not yet answered can be withdrawn.',
  noNewVersion:
    'An accepted proposal stands as accepted; a draft is changed as it is. Neither takes a new version.',
  noLetter: 'There is no engagement letter for this proposal: one is made when the client accepts it online.',
  notTheirQuote: 'That quote request is not this person’s. Start the proposal from their own quote request.',
} as const;

/**
 * The answers a quote request gives a price list's drivers, where they map: the turnover typed (in
 * pounds) picks the choice whose options are bands of amounts ("Under £90,000", "£90,000 to £250,000",
 * "Over £250,000"); a practice whose name ends in Ltd or Limited picks the option called a limited
 * company. What does not map is left for staff to answer.
 */
export function answersFromQuote(
  list: PriceList,
  quote: { organisation: string; cost?: number | undefined },
): Record<string, string> {
  const answers: Record<string, string> = {};
  const limited = /\b(ltd|limited)\.?\s*$/i.test(quote.organisation.trim());
  for (const driver of list.drivers) {
    if (driver.kind !== 'choice') continue;
    if (quote.cost !== undefined) {
      const band = driver.options.find((option) => inBand(option.label, quote.cost as number));
      if (band) answers[driver.key] = band.key;
    }
    if (limited) {
      const company = driver.options.find((option) => /limited company/i.test(option.label));
      if (company) answers[driver.key] = company.key;
    }
  }
  return answers;
}

/**
 * What a new proposal starts from when made from a quote request: the answers that map from it, and, for
 * an instant quote, the services the visitor ticked and the answers they gave, as far as today's price
 * list still has them, so staff price what the visitor was quoted.
 */
export function startFromQuote(
  list: PriceList,
  quote: {
    organisation: string;
    cost?: number | undefined;
    instantQuote?: { services: string[]; answers: Answers };
  },
): Pick<ProposalDraft, 'answers' | 'services'> {
  const answers: Record<string, string | number> = answersFromQuote(list, quote);
  const instant = quote.instantQuote;
  if (!instant) return { answers, services: [] };
  for (const driver of list.drivers) {
    const answer = instant.answers[driver.key];
    if (answer !== undefined) answers[driver.key] = answer;
  }
  const offered = new Set(list.services.map((service) => service.key));
  return {
    answers,
    services: instant.services.filter((key) => offered.has(key)).map((key) => ({ key, optional: false })),
  };
}

/** Whether `pounds` falls in a band worded "Under £X", "Over £X" or "£X to £Y"; false for other words. */
function inBand(label: string, pounds: number): boolean {
  const amounts = [...label.matchAll(/£\s?([\d,]+(?:\.\d+)?)\s*(k|m)?/gi)].map((match) => {
    const scale = match[2]?.toLowerCase() === 'm' ? 1_000_000 : match[2]?.toLowerCase() === 'k' ? 1_000 : 1;
    return Number((match[1] ?? '').replaceAll(',', '')) * scale;
  });
  if (amounts.length === 1 && /^\s*(under|below|up to|less than)\b/i.test(label)) {
    return pounds < (amounts[0] as number);
  }
  if (amounts.length === 1 && /^\s*(over|above|more than)\b/i.test(label)) {
    return pounds > (amounts[0] as number);
  }
  if (amounts.length === 2) return pounds >= (amounts[0] as number) && pounds <= (amounts[1] as number);
  return false;
}

/** A draft as staff left it, read back from its document: to edit it, or to copy it as a new version. */
export function draftOfDocument(document: ProposalDocument): ProposalDraft {
  return {
    addressedTo: document.addressedTo,
    answers: { ...document.answers },
    services: document.lines.map((line) => ({
      key: line.key,
      optional: line.optional,
      ...(line.reason !== null && { fee: line.fee, reason: line.reason }),
    })),
    message: document.message,
  };
}
