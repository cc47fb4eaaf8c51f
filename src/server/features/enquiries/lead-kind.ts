import { type CsvColumn, csvStage, csvTime } from '#server/leads/csv.ts';
import { type LeadKindEntry, type LeadList, stagedLeadDetail } from '#server/leads/kind.ts';
import { contactEnquiryList, enquiryLead, quoteRequestList } from '#shared/api/back-office-enquiries.ts';
import { enquiryDetailLines } from '#shared/enquiry-details.ts';
import { quoteRows } from '#shared/instant-quote.ts';
import {
  anonymiseEnquiries,
  countEnquiries,
  countEnquiriesSince,
  type EnquiryCsvRow,
  enquiriesOfPerson,
  enquiryCsvRows,
  enquiryDetail,
  eraseEnquiries,
  exportEnquiries,
  findEnquiry,
  listEnquiries,
  setEnquiryStage,
} from './queries.ts';

/** The answer under one of the quote form's own questions, in words ("£1,250.50", "yes"). */
const answer =
  (label: string) =>
  (row: EnquiryCsvRow): string | null =>
    enquiryDetailLines(row.details).find((line) => line.label === label)?.value ?? null;

/** Every field an enquiry holds; the quote form's extra answers under its own questions. */
const enquiryColumns = (kind: 'contact' | 'quote'): CsvColumn<EnquiryCsvRow>[] => [
  ['Reference', (row) => row.reference],
  ['Name', (row) => row.name],
  ['Email', (row) => row.email],
  ['Organisation', (row) => row.organisation],
  ['Phone', (row) => row.phone],
  ...(kind === 'quote' ? [['Postcode', (row) => row.postcode] as CsvColumn<EnquiryCsvRow>] : []),
  ['Message', (row) => row.message],
  ...enquiryDetailLines(kind === 'quote' ? quoteAnswers : contactAnswers).map(
    ({ label }): CsvColumn<EnquiryCsvRow> => [label, answer(label)],
  ),
  // A quote sent from the instant quote: its lines, totals and answers, as its page lists them.
  ...(kind === 'quote'
    ? [
        [
          'Instant quote',
          (row) => {
            const quote = row.details.instantQuote;
            return quote
              ? quoteRows(quote)
                  .map(([label, value]) => `${label}: ${value}`)
                  .join('; ')
              : null;
          },
        ] as CsvColumn<EnquiryCsvRow>,
      ]
    : []),
  ['Stage', (row) => csvStage(row.stage)],
  ['Received', (row) => csvTime(row.createdAt)],
];

// What each form stores beyond the common fields, only to name its columns in the form's order.
const contactAnswers = { optin: false };
const quoteAnswers = { cost: 0, taxYears: [], quoted: '', optin: false };

const list = (
  kind: 'contact' | 'quote',
  endpoints: typeof contactEnquiryList,
  label: string,
  place: number,
): LeadList<typeof contactEnquiryList, EnquiryCsvRow> => ({
  endpoints,
  list: (db, query, _now, limit) => listEnquiries(db, kind, query, limit),
  csv: {
    columns: enquiryColumns(kind),
    rows: (db, query, _now, limit) => enquiryCsvRows(db, kind, query, limit),
  },
  summary: { label, path: endpoints.name, count: (db) => countEnquiries(db, kind), place },
});

/** Contact enquiries and quote requests, as the back office lists, opens and erases them. */
export const enquiryLeads: LeadKindEntry = {
  lists: [
    list('contact', contactEnquiryList, 'Contact enquiries', 2),
    list('quote', quoteRequestList, 'Quote requests', 3),
  ],
  staged: stagedLeadDetail({
    endpoints: enquiryLead,
    find: findEnquiry,
    detail: enquiryDetail,
    setStage: setEnquiryStage,
    ofPerson: enquiriesOfPerson,
  }),
  receivedSince: countEnquiriesSince,
  retention: { kind: 'enquiry', table: 'enquiries', activityColumns: [], anonymise: anonymiseEnquiries },
  personalData: {
    exportKey: 'enquiries',
    erasedKey: 'enquiries',
    async export(db, address) {
      const rows = await exportEnquiries(db, address);
      return { data: rows, leads: { kind: 'enquiry', ids: rows.map((row) => row.id) } };
    },
    async erase(trx, address) {
      const ids = await eraseEnquiries(trx, address);
      return { data: ids.length, leads: { kind: 'enquiry', ids } };
    },
  },
};
