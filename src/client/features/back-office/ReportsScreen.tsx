import { useMemo } from 'react';
import { DatePicker } from '#client/features/calendar/DatePicker.tsx';
import {
  backOfficeReportCsv,
  backOfficeReports,
  type ReportName,
  type Reports,
  reportNames,
} from '#shared/api/back-office-reports.ts';
import { reportTable, shortDate, waitWords } from '#shared/report-tables.ts';
import { ReportChart } from './ReportChart.tsx';
import { chartOf } from './report-charts.ts';
import { navigate } from './router.tsx';
import { ScrollBox } from './ScrollBox.tsx';
import { useEndpoint } from './useEndpoint.ts';

// Reports over a period (docs/behaviour/back-office.md#reports): each a chart for the eye and a table of
// the same figures for everyone (the chart is hidden from screen readers), with its CSV. The period is
// kept in the address, as the lists' filters are, so a link or bookmark opens the same reports.

const typedDate = {
  delayMs: 300,
  whenUnreadable:
    'Until it is, the reports leave it out: without From they cover 90 days up to To, without To up to today.',
};

/** What the reports say under each heading, before the figures. */
const explanations: Record<ReportName, (reports: Reports) => string> = {
  sources: () =>
    'Where the visitors who sent leads came from: the campaign named in the link they followed, else the website that linked to us, else Direct. “Moved on from New” counts the leads whose business has reached Contacted or further.',
  stages: () =>
    'New business opened in the period, and how much of it has reached each stage since; business lost after reaching a stage still counts for that stage.',
  'first-reply': ({ firstReply }) =>
    `From each person’s first lead to the first reply written to them from the back office. ${firstReply.people} ${firstReply.people === 1 ? 'person' : 'people'} sent a first lead in the period${firstReply.medianSeconds === null ? '.' : `; the median wait was ${waitWords(firstReply.medianSeconds)}.`}`,
  advisers: () => 'Calls due in the period, by the adviser taking them; cancelled calls are counted apart.',
  subscribers: ({ period }) =>
    `Confirmed subscribers by ${period.unit}: who joined, who left, and how many were subscribed at its end.`,
};

/** A report with nothing to count in the period shows a sentence rather than an empty chart. */
const isEmpty: Record<ReportName, (reports: Reports) => boolean> = {
  sources: ({ sources }) => sources.length === 0,
  stages: ({ stages }) => stages.opened === 0,
  'first-reply': ({ firstReply }) => firstReply.people === 0,
  advisers: ({ advisers }) => advisers.length === 0,
  subscribers: () => false,
};

export function ReportsScreen({ search }: { search: URLSearchParams }) {
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  const query = { ...(from && { from }), ...(to && { to }) };
  const reports = useEndpoint(backOfficeReports, { query }, { keepPrevious: true });
  const choose = (field: 'from' | 'to', value: string) => {
    const next = new URLSearchParams({ ...query, [field]: value });
    if (!value) next.delete(field);
    navigate(`reports${next.size ? `?${next}` : ''}`);
  };
  const { data } = reports;
  return (
    <section aria-labelledby="reports-title" className="bo-reports">
      <h1 id="reports-title">Reports</h1>
      <form className="bo-filters" aria-label="Period" onSubmit={(event) => event.preventDefault()}>
        <DatePicker
          label="From"
          value={from}
          onChange={(value) => choose('from', value)}
          applyAsTyped={typedDate}
        />
        <DatePicker
          label="To"
          value={to}
          onChange={(value) => choose('to', value)}
          applyAsTyped={typedDate}
        />
      </form>
      {reports.problem && (
        <p className="bo-problem" role="alert">
          {reports.problem}
        </p>
      )}
      {!data ? (
        !reports.problem && <p>Loading…</p>
      ) : (
        <>
          <p aria-live="polite">
            From {shortDate(data.period.from)} to {shortDate(data.period.to)}, days on the firm’s clocks.
          </p>
          {reportNames.map((name) => (
            <Report key={name} name={name} reports={data} />
          ))}
        </>
      )}
    </section>
  );
}

function Report({ name, reports }: { name: ReportName; reports: Reports }) {
  const { title, columns, rows } = reportTable(name, reports);
  const chart = useMemo(() => chartOf(name, reports), [name, reports]);
  const titleId = `report-${name}-title`;
  const csv = new URLSearchParams({ report: name, from: reports.period.from, to: reports.period.to });
  const empty = isEmpty[name](reports);
  return (
    <section aria-labelledby={titleId} className="bo-report">
      <h2 id={titleId}>{title}</h2>
      <p className="bo-small bo-muted">{explanations[name](reports)}</p>
      {empty ? (
        <p>Nothing in this period.</p>
      ) : (
        <div className="bo-report-body">
          <ReportChart spec={chart} />
          <ScrollBox label={`${title}, table`}>
            <table className="bo-table bo-report-table">
              <caption className="visually-hidden">{title}</caption>
              <thead>
                <tr>
                  {columns.map((column) => (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row[0]}>
                    {row.map((cell, index) =>
                      index === 0 ? (
                        <th key={columns[index]} scope="row">
                          {cell}
                        </th>
                      ) : (
                        <td key={columns[index]}>{cell}</td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        </div>
      )}
      <p>
        <a className="button button--secondary" href={`${backOfficeReportCsv.path}?${csv}`} download>
          Download CSV<span className="visually-hidden"> of {title.toLowerCase()}</span>
        </a>
      </p>
    </section>
  );
}
