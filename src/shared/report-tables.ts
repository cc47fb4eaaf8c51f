import type { ReportName, Reports } from './api/back-office-reports.ts';

// Each report as the table the Reports screen shows beside its chart and the CSV file it downloads: the
// same rows in both, from this one place, so a download never disagrees with the screen.

export interface ReportTable {
  title: string;
  columns: string[];
  rows: string[][];
}

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "3 Mar 2026" from "2026-03-03". */
export function shortDate(iso: string): string {
  const [year, month, date] = iso.split('-').map(Number) as [number, number, number];
  return `${date} ${months[month - 1]} ${year}`;
}

/** A wait in words: "under a minute", "45 min", "2 h 5 min", "3 days 4 h". */
export function waitWords(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  const dayWord = days === 1 ? '1 day' : `${days} days`;
  return hours % 24 ? `${dayWord} ${hours % 24} h` : dayWord;
}

/** What share of `whole` a part is, in whole per cent ("–" of nothing). */
export const share = (part: number, whole: number) => (whole ? `${Math.round((part / whole) * 100)}%` : '–');

export const reportTitles: Record<ReportName, string> = {
  sources: 'Leads by source',
  stages: 'Conversion by stage',
  'first-reply': 'Time to first reply',
  advisers: 'Calls by adviser',
  subscribers: 'Subscribers over time',
};

/** A week or month of the subscribers' report by its days: "3 Mar 2026 to 9 Mar 2026". */
export const spanWords = ({ from, to }: { from: string; to: string }) =>
  from === to ? shortDate(from) : `${shortDate(from)} to ${shortDate(to)}`;

export function reportTable(name: ReportName, reports: Reports): ReportTable {
  const title = reportTitles[name];
  const text = String;
  switch (name) {
    case 'sources':
      return {
        title,
        columns: ['Source', 'Leads', 'Moved on from New', 'Mailing-list sign-ups'],
        rows: reports.sources.map((row) => [
          row.source,
          text(row.leads),
          text(row.movedOn),
          text(row.signUps),
        ]),
      };
    case 'stages': {
      const { opened, contacted, qualified, won, lost } = reports.stages;
      const reached = [
        ['New', opened],
        ['Contacted', contacted],
        ['Qualified', qualified],
        ['Won', won],
        ['Lost', lost],
      ] as const;
      return {
        title,
        columns: ['Stage', 'Opportunities', 'Of those opened'],
        rows: reached.map(([stage, n]) => [stage, text(n), share(n, opened)]),
      };
    }
    case 'first-reply': {
      const { buckets, medianSeconds } = reports.firstReply;
      return {
        title,
        columns: ['Waited', 'People'],
        rows: [
          ...buckets.map((bucket) => [bucket.label, text(bucket.people)]),
          ['Median wait of those replied to', medianSeconds === null ? '–' : waitWords(medianSeconds)],
        ],
      };
    }
    case 'advisers':
      return {
        title,
        columns: ['Adviser', 'Calls', 'Cancelled'],
        rows: reports.advisers.map((row) => [row.adviser, text(row.calls), text(row.cancelled)]),
      };
    case 'subscribers':
      return {
        title,
        columns: [
          reports.period.unit === 'week' ? 'Week' : 'Month',
          'Joined',
          'Left',
          'Subscribed at the end',
        ],
        rows: reports.subscribers.map((row) => [
          spanWords(row),
          text(row.joined),
          text(row.left),
          text(row.total),
        ]),
      };
  }
}
