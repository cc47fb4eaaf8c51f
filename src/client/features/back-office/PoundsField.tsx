import { useId, useState } from 'react';
import { penceFromTyped, typedPounds } from '#shared/pricing.ts';

/** An amount in pounds as typed, kept as pence once it reads as one; what does not read is said. */
export function PoundsField({
  label,
  shown,
  pence,
  onChange,
}: {
  /** What a screen reader hears when it is more than what is shown: which price this is. */
  label?: string;
  shown: string;
  pence: number;
  onChange: (pence: number) => void;
}) {
  const [typed, setTyped] = useState(typedPounds(pence));
  const unreadable = penceFromTyped(typed) === null;
  const errorId = useId();
  return (
    <label>
      {shown}
      <input
        inputMode="decimal"
        aria-label={label}
        aria-invalid={unreadable || undefined}
        aria-describedby={unreadable ? errorId : undefined}
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          const amount = penceFromTyped(event.target.value);
          if (amount !== null) onChange(amount);
        }}
      />
      {unreadable && (
        <span id={errorId} className="field__error">
          Enter pounds and pence, like 90 or 1250.50
        </span>
      )}
    </label>
  );
}
