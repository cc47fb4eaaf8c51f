import type { Answers, PriceList } from '#shared/pricing.ts';

/** A field for each of the price list's drivers: a choice's options, or a count. */
export function DriverAnswers({
  list,
  answers,
  onChange,
}: {
  list: PriceList;
  answers: Answers;
  onChange: (answers: Answers) => void;
}) {
  return (
    <div className="bo-inline-form">
      {list.drivers.map((driver) =>
        driver.kind === 'choice' ? (
          <label key={driver.key}>
            {driver.label}
            <select
              value={String(answers[driver.key] ?? '')}
              onChange={(event) => onChange({ ...answers, [driver.key]: event.target.value })}
            >
              {driver.options.map((option) => (
                <option key={option.key} value={option.key}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <label key={driver.key}>
            {driver.label}
            <input
              type="number"
              min={0}
              max={driver.max}
              value={String(answers[driver.key] ?? 0)}
              onChange={(event) => onChange({ ...answers, [driver.key]: Number(event.target.value) })}
            />
          </label>
        ),
      )}
    </div>
  );
}
