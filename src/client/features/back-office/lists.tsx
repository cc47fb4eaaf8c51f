import { applicationLead, applicationList } from '#shared/api/back-office-applications.ts';
import { bookingLead, bookingList, bookingStatusLabels } from '#shared/api/back-office-bookings.ts';
import { contactEnquiryList, enquiryLead, quoteRequestList } from '#shared/api/back-office-enquiries.ts';
import { subscriberList } from '#shared/api/back-office-subscribers.ts';
import type { LeadListEndpoints } from '#shared/api/lead-lists.ts';
import { leadStageLabels } from '#shared/back-office.ts';
import { subscriberStatusLabels } from '#shared/consent-words.ts';
import { dayHeading, when } from './format.ts';
import type { ListDefinition } from './ListView.tsx';
import { Link } from './router.tsx';
import { weekScreen } from './WeekView.tsx';

const stage = {
  header: 'Stage',
  cell: (row: { stage: keyof typeof leadStageLabels }) => leadStageLabels[row.stage],
};
const received = { header: 'Received', cell: (row: { createdAt: string }) => when(row.createdAt) };

/** A list's screen, its rows typed by its contract entry. */
const listOf = <L extends LeadListEndpoints>(
  endpoints: L,
  view: Omit<ListDefinition<L>, 'endpoints'>,
): ListDefinition<L> => ({ endpoints, ...view });

const enquiries = (endpoints: typeof contactEnquiryList) =>
  listOf(endpoints, {
    stage: true,
    columns: [
      { header: 'Name', cell: (row) => row.name },
      { header: 'Email', cell: (row) => row.email },
      { header: 'Organisation', cell: (row) => row.organisation },
      stage,
      received,
    ],
    key: (row) => row.reference,
    link: (row) => `${enquiryLead.name}/${row.reference}`,
  });

export const contactEnquiries = enquiries(contactEnquiryList);
export const quoteRequests = enquiries(quoteRequestList);

export const applications = listOf(applicationList, {
  stage: true,
  columns: [
    { header: 'Name', cell: (row) => row.name },
    { header: 'Business', cell: (row) => row.businessName },
    { header: 'Email', cell: (row) => row.email },
    stage,
    received,
  ],
  key: (row) => row.reference,
  link: (row) => `${applicationLead.name}/${row.reference}`,
});

export const agenda = listOf(bookingList, {
  stage: true,
  when: true,
  statuses: bookingStatusLabels,
  columns: [
    { header: 'Time', cell: (row) => row.localTime },
    { header: 'Email', cell: (row) => row.email },
    // Calls booked before the firm had advisers have none.
    { header: 'Adviser', cell: (row) => row.adviser ?? '—' },
    { header: 'Status', cell: (row) => bookingStatusLabels[row.status] },
    stage,
  ],
  key: (row) => row.reference,
  link: (row) => `${bookingLead.name}/${row.reference}`,
  groupBy: (row) => row.localDate,
  groupTitle: dayHeading,
  views: (
    <p>
      <Link to={weekScreen}>Week view</Link>
    </p>
  ),
});

export const subscribers = listOf(subscriberList, {
  statuses: subscriberStatusLabels,
  columns: [
    { header: 'Email', cell: (row) => row.email },
    { header: 'Status', cell: (row) => subscriberStatusLabels[row.status] },
    { header: 'Signed up', cell: (row) => when(row.createdAt) },
    { header: 'Confirmed', cell: (row) => when(row.confirmedAt) },
  ],
  key: (row) => row.email,
  link: (row) => `${subscriberList.name}/${encodeURIComponent(row.email)}`,
});
