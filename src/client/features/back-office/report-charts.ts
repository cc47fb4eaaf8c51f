import type { ReportName, Reports } from '#shared/api/back-office-reports.ts';
import { progressStages } from '#shared/back-office.ts';
import { firstWords } from '#shared/first-words.ts';
import { spanWords } from '#shared/report-tables.ts';

// What each report's chart draws: the same figures as its table, as bars (a line for a running total).

export interface ChartSpec {
  labels: string[];
  series: { label: string; values: number[]; line?: boolean }[];
  /** Bars across rather than up: long names (sources, advisers) read better down the side. */
  horizontal?: boolean;
}

const stageWords = { new: 'New', contacted: 'Contacted', qualified: 'Qualified', won: 'Won' } as const;

export function chartOf(name: ReportName, reports: Reports): ChartSpec {
  switch (name) {
    case 'sources':
      return {
        horizontal: true,
        // A name any visitor can send is cut short on the chart; the table beside it has it whole.
        labels: reports.sources.map((row) => firstWords(row.source, 24)),
        series: [
          { label: 'Leads', values: reports.sources.map((row) => row.leads) },
          { label: 'Moved on from New', values: reports.sources.map((row) => row.movedOn) },
          { label: 'Mailing-list sign-ups', values: reports.sources.map((row) => row.signUps) },
        ],
      };
    case 'stages': {
      const { stages } = reports;
      const reached = {
        new: stages.opened,
        contacted: stages.contacted,
        qualified: stages.qualified,
        won: stages.won,
      };
      return {
        labels: [...progressStages.map((stage) => stageWords[stage]), 'Lost'],
        series: [
          { label: 'Opportunities', values: [...progressStages.map((stage) => reached[stage]), stages.lost] },
        ],
      };
    }
    case 'first-reply':
      return {
        labels: reports.firstReply.buckets.map((bucket) => bucket.label),
        series: [{ label: 'People', values: reports.firstReply.buckets.map((bucket) => bucket.people) }],
      };
    case 'advisers':
      return {
        horizontal: true,
        labels: reports.advisers.map((row) => row.adviser),
        series: [
          { label: 'Calls', values: reports.advisers.map((row) => row.calls) },
          { label: 'Cancelled', values: reports.advisers.map((row) => row.cancelled) },
        ],
      };
    case 'subscribers':
      return {
        labels: reports.subscribers.map(spanWords),
        series: [
          { label: 'Joined', values: reports.subscribers.map((row) => row.joined) },
          { label: 'Left', values: reports.subscribers.map((row) => row.left) },
          { label: 'Subscribed at the end', values: reports.subscribers.map((row) => row.total), line: true },
        ],
      };
  }
}
