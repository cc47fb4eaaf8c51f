import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { type CsvColumn, csvStage, csvTime } from '#server/leads/csv.ts';
import { type LeadKindEntry, type LeadList, stagedLeadDetail } from '#server/leads/kind.ts';
import { applicationLead, applicationList as endpoints } from '#shared/api/back-office-applications.ts';
import type { BookedCall } from '#shared/api/back-office-bookings.ts';
import { type AnswersAsAsked, answerQuestions, applicationQuestions } from '#shared/application.ts';
import {
  type ApplicationCsvRow,
  anonymiseApplications,
  applicationCsvRows,
  applicationDetail,
  applicationsOfPerson,
  countApplications,
  countApplicationsSince,
  eraseApplications,
  exportApplications,
  findApplication,
  listApplications,
  setApplicationStage,
} from './queries.ts';

const applicationList: LeadList<typeof endpoints, ApplicationCsvRow> = {
  endpoints,
  list: (db, query, _now, limit) => listApplications(db, query, limit),
  csv: {
    columns: [
      ['Reference', (row) => row.reference],
      ['Name', (row) => row.name],
      ['Business', (row) => row.businessName],
      ['Email', (row) => row.email],
      ['Website', (row) => (row.answers.website ? String(row.answers.website) : null)],
      // Every other question, under the questionnaire's own words.
      ...answerQuestions.map(
        (name): CsvColumn<ApplicationCsvRow> => [
          applicationQuestions[name].label,
          (row) => (row.answers[name] === undefined ? null : String(row.answers[name])),
        ],
      ),
      // The firm's own questions differ from one application to the next: one cell, a line each.
      [
        'Your own questions',
        (row) =>
          ((row.answers as AnswersAsAsked).ownAnswers ?? [])
            .map(({ question, answer }) => `${question}: ${answer}`)
            .join('\n') || null,
      ],
      ['Stage', (row) => csvStage(row.stage)],
      ['Received', (row) => csvTime(row.createdAt)],
    ],
    rows: (db, query, _now, limit) => applicationCsvRows(db, query, limit),
  },
  summary: { label: 'Applications', path: endpoints.name, count: countApplications, place: 4 },
};

/**
 * Applications, as the back office lists, opens and erases them. `bookedFrom` reads the calls booked from
 * one (the booking feature owns them).
 */
export function applicationLeads(
  bookedFrom: (db: Kysely<Database>, applicationId: number) => Promise<BookedCall[]>,
): LeadKindEntry {
  return {
    lists: [applicationList],
    staged: stagedLeadDetail({
      endpoints: applicationLead,
      find: findApplication,
      detail: (db, row) => applicationDetail(db, row, bookedFrom),
      setStage: setApplicationStage,
      ofPerson: applicationsOfPerson,
    }),
    receivedSince: countApplicationsSince,
    retention: {
      kind: 'application',
      table: 'applications',
      activityColumns: [],
      anonymise: anonymiseApplications,
    },
    personalData: {
      exportKey: 'applications',
      erasedKey: 'applications',
      async export(db, address) {
        const rows = await exportApplications(db, address);
        return { data: rows, leads: { kind: 'application', ids: rows.map((row) => row.id) } };
      },
      async erase(trx, address) {
        const ids = await eraseApplications(trx, address);
        return { data: ids.length, leads: { kind: 'application', ids } };
      },
    },
  };
}
