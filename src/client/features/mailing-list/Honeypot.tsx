import { honeypotField } from '#shared/mailing-list.ts';

/** A field people never see or reach; a bot that fills it is politely ignored by the server. */
export function Honeypot({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div className="visually-hidden" aria-hidden="true">
      <label>
        Leave this empty
        <input
          type="text"
          name={honeypotField}
          tabIndex={-1}
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </label>
    </div>
  );
}
