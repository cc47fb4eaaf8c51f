import { type FormEvent, useState } from 'react';
import { call } from '#client/lib/api-client.ts';
import {
  type DueDiligence as Answer,
  completeDueDiligence,
  readDueDiligence,
  saveDueDiligence,
} from '#shared/api/back-office-handover.ts';
import { listColleagues } from '#shared/api/back-office-tasks.ts';
import { type RiskRating, riskLabels, riskRatings } from '#shared/handover.ts';
import { ColleagueOptions } from './ColleagueOptions.tsx';
import { Feedback } from './Feedback.tsx';
import { Field } from './fields.tsx';
import { longDay, when } from './format.ts';
import { useAction } from './useAction.ts';
import { useEndpoint } from './useEndpoint.ts';

/**
 * Client due diligence on a person's page, once they have accepted a proposal: who verified their
 * identity, when, against what, the risk and why, then "Due diligence complete", after which they count
 * as onboarded and the record stands as completed. No identity document is uploaded or kept.
 */
export function DueDiligence({ personId, onChanged }: { personId: number; onChanged: () => Promise<void> }) {
  const params = { id: String(personId) };
  const { data, reload } = useEndpoint(readDueDiligence, { params });
  if (!data?.eligible) return null;
  const changed = async () => {
    await Promise.all([reload(), onChanged()]);
  };
  return (
    <section aria-labelledby="due-diligence-title">
      <h2 id="due-diligence-title">Due diligence</h2>
      <p>
        <strong>{data.onboarded ? 'Onboarded' : 'Not onboarded yet'}</strong>
        {data.onboarded
          ? ': due diligence is complete.'
          : ': complete their due diligence before starting work.'}
      </p>
      {data.onboarded && data.record ? (
        <Completed record={data.record} />
      ) : (
        <DueDiligenceForm personId={personId} data={data} onChanged={changed} />
      )}
    </section>
  );
}

function Completed({ record }: { record: NonNullable<Answer['record']> }) {
  return (
    <dl className="bo-fields">
      <Field label="Identity verified by">{record.verifiedBy?.name ?? '—'}</Field>
      <Field label="On">{record.verifiedOn ? longDay(record.verifiedOn) : '—'}</Field>
      <Field label="Against">{record.verifiedAgainst ?? '—'}</Field>
      <Field label="Risk">{record.risk ? riskLabels[record.risk] : '—'}</Field>
      <Field label="Because">{record.riskReason ?? '—'}</Field>
      <Field label="Completed">
        {record.completedAt ? when(record.completedAt) : '—'}
        {record.completedBy && ` by ${record.completedBy}`}
      </Field>
    </dl>
  );
}

function DueDiligenceForm({
  personId,
  data,
  onChanged,
}: {
  personId: number;
  data: Answer;
  onChanged: () => Promise<void>;
}) {
  const colleagues = useEndpoint(listColleagues, {}).data ?? [];
  const record = data.record;
  const [typed, setTyped] = useState({
    verifiedBy: record?.verifiedBy ? String(record.verifiedBy.id) : '',
    verifiedOn: record?.verifiedOn ?? '',
    verifiedAgainst: record?.verifiedAgainst ?? '',
    risk: record?.risk ?? '',
    riskReason: record?.riskReason ?? '',
  });
  const { status, problems, act } = useAction(onChanged);
  const params = { id: String(personId) };
  const body = () => ({
    verifiedBy: typed.verifiedBy === '' ? null : Number(typed.verifiedBy),
    verifiedOn: typed.verifiedOn,
    verifiedAgainst: typed.verifiedAgainst,
    risk: typed.risk === '' ? null : (typed.risk as RiskRating),
    riskReason: typed.riskReason,
  });
  const save = (event: FormEvent) => {
    event.preventDefault();
    act(() => call(saveDueDiligence, { params, body: body() }));
  };
  // What is on the screen is saved first, so "complete" never completes something other than it shows.
  const complete = () =>
    act(async () => {
      await call(saveDueDiligence, { params, body: body() });
      return call(completeDueDiligence, { params });
    });
  const set = (field: keyof typeof typed) => (event: { target: { value: string } }) =>
    setTyped({ ...typed, [field]: event.target.value });
  return (
    <form className="bo-form" onSubmit={save}>
      <label htmlFor="dd-verified-by">Identity verified by</label>
      <select id="dd-verified-by" value={typed.verifiedBy} onChange={set('verifiedBy')}>
        <option value="">Choose a colleague</option>
        <ColleagueOptions colleagues={colleagues} />
      </select>
      <label htmlFor="dd-verified-on">On</label>
      <input id="dd-verified-on" type="date" value={typed.verifiedOn} onChange={set('verifiedOn')} />
      <label htmlFor="dd-verified-against">Against</label>
      <input
        id="dd-verified-against"
        value={typed.verifiedAgainst}
        maxLength={200}
        placeholder="passport seen in person, or electronic check"
        onChange={set('verifiedAgainst')}
      />
      <label htmlFor="dd-risk">Risk</label>
      <select id="dd-risk" value={typed.risk} onChange={set('risk')}>
        <option value="">Choose a rating</option>
        {riskRatings.map((risk) => (
          <option key={risk} value={risk}>
            {riskLabels[risk]}
          </option>
        ))}
      </select>
      <label htmlFor="dd-risk-reason">Because</label>
      <textarea id="dd-risk-reason" value={typed.riskReason} maxLength={1000} onChange={set('riskReason')} />
      <p className="bo-muted">No identity document is uploaded or kept: say what was seen.</p>
      <div className="bo-actions">
        <button type="submit" className="button button--secondary">
          Save due diligence
        </button>
        <button type="button" className="button" onClick={complete}>
          Due diligence complete
        </button>
      </div>
      <Feedback status={status} problems={problems} />
    </form>
  );
}
