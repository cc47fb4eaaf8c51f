import type { CsvColumn } from '#server/leads/csv.ts';
import { type LeadKindEntry, type LeadList, stagedLeadDetail } from '#server/leads/kind.ts';
import {
  contactEnquiryList,
  type EnquiryRow,
  enquiryLead,
  quoteRequestList,
} from '#shared/api/back-office-enquiries.ts';
import {
  countEnquiries,
  enquiryDetail,
  eraseEnquiries,
  exportEnquiries,
  findEnquiry,
  listEnquiries,
  setEnquiryStage,
} from './queries.ts';

const enquiryColumns: CsvColumn<EnquiryRow>[] = [
  ['Reference', (row) => row.reference],
  ['Name', (row) => row.name],
  ['Email', (row) => row.email],
  ['Organisation', (row) => row.organisation],
  ['Stage', (row) => row.stage],
  ['Received', (row) => row.createdAt],
];

const list = (
  kind: 'contact' | 'quote',
  endpoints: typeof contactEnquiryList,
  label: string,
  place: number,
): LeadList<typeof contactEnquiryList> => ({
  endpoints,
  list: (db, query, _now, limit) => listEnquiries(db, kind, query, limit),
  csv: enquiryColumns,
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
  }),
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
