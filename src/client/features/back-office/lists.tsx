import type { ApplicationRow } from '../../../server/features/applications/queries.ts';
import type { BookingRow } from '../../../server/features/booking/queries.ts';
import type { EnquiryRow } from '../../../server/features/enquiries/queries.ts';
import type { SubscriberRow } from '../../../server/features/mailing-list/queries.ts';
import { leadStageLabels } from '../../../shared/back-office.ts';
import { longDay, when } from './format.ts';
import type { ListDefinition } from './ListView.tsx';

const stage = {
  header: 'Stage',
  cell: (row: { stage: keyof typeof leadStageLabels }) => leadStageLabels[row.stage],
};
const received = { header: 'Received', cell: (row: { createdAt: string }) => when(row.createdAt) };

const enquiries = (title: string, path: string): ListDefinition<EnquiryRow> => ({
  title,
  path,
  stage: true,
  columns: [
    { header: 'Name', cell: (row) => row.name },
    { header: 'Email', cell: (row) => row.email },
    { header: 'Organisation', cell: (row) => row.organisation },
    stage,
    received,
  ],
  key: (row) => row.reference,
  link: (row) => `enquiries/${row.reference}`,
});

export const contactEnquiries = enquiries('Contact enquiries', 'contact-enquiries');
export const quoteRequests = enquiries('Quote requests', 'quote-requests');

export const applications: ListDefinition<ApplicationRow> = {
  title: 'Applications',
  path: 'applications',
  stage: true,
  columns: [
    { header: 'Name', cell: (row) => row.name },
    { header: 'Business', cell: (row) => row.businessName },
    { header: 'Email', cell: (row) => row.email },
    stage,
    received,
  ],
  key: (row) => row.reference,
  link: (row) => `applications/${row.reference}`,
};

export const agenda: ListDefinition<BookingRow> = {
  title: 'Calls',
  path: 'bookings',
  stage: true,
  when: true,
  statuses: ['confirmed', 'cancelled'],
  columns: [
    { header: 'Time', cell: (row) => row.localTime },
    { header: 'Email', cell: (row) => row.email },
    { header: 'Status', cell: (row) => (row.status === 'confirmed' ? 'Confirmed' : 'Cancelled') },
    stage,
  ],
  key: (row) => row.reference,
  link: (row) => `bookings/${row.reference}`,
  groupBy: (row) => row.localDate,
  groupTitle: longDay,
};

export const subscribers: ListDefinition<SubscriberRow> = {
  title: 'Subscribers',
  path: 'subscribers',
  statuses: ['pending', 'confirmed', 'unsubscribed'],
  columns: [
    { header: 'Email', cell: (row) => row.email },
    { header: 'Status', cell: (row) => row.status[0]?.toUpperCase() + row.status.slice(1) },
    { header: 'Signed up', cell: (row) => when(row.createdAt) },
    { header: 'Confirmed', cell: (row) => when(row.confirmedAt) },
  ],
  key: (row) => row.email,
  link: (row) => `subscribers/${encodeURIComponent(row.email)}`,
};
