import { type FormEvent, useState } from 'react';
import { ErrorSummary } from '#client/lib/ErrorSummary.tsx';
import { InputField } from '#client/lib/InputField.tsx';
import { TickBox } from '#client/lib/TickBox.tsx';
import type { DeMinimisFigures } from '#shared/vat-de-minimis.ts';
import {
  amountFields,
  type CalculatorErrors,
  type CalculatorField,
  type CalculatorInput,
  readCalculatorInput,
} from '#shared/vat-de-minimis-form.ts';
import { vatDeMinimis } from './words.ts';

const copy = vatDeMinimis.calculator;
const fieldOrder: CalculatorField[] = ['months', ...amountFields];
const fieldId = (field: string) => `de-minimis-${field}`;

/** The visitor's figures. Sending the form checks them and hands good figures to `onFigures`. */
export function CalculatorForm({ onFigures }: { onFigures: (figures: DeMinimisFigures) => void }) {
  const [input, setInput] = useState<CalculatorInput>(copy.example);
  const [errors, setErrors] = useState<CalculatorErrors>({});
  const [attempt, setAttempt] = useState(0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = readCalculatorInput(input);
    setErrors(read.errors ?? {});
    if (read.figures) onFigures(read.figures);
    else setAttempt((n) => n + 1);
  };

  return (
    <form className="de-minimis__figures" data-connector="figures" noValidate onSubmit={submit}>
      <h3>{copy.figuresHeading}</h3>
      <ErrorSummary
        attempt={attempt}
        errors={fieldOrder.flatMap((field) => {
          const message = errors[field];
          return message ? [{ id: fieldId(field), message }] : [];
        })}
      />
      {fieldOrder.map((field) => (
        <InputField
          key={field}
          id={fieldId(field)}
          name={field}
          label={copy.labels[field]}
          hint={field in copy.hints ? copy.hints[field as keyof typeof copy.hints] : undefined}
          error={errors[field]}
          className={field === 'months' ? 'field__number field__months' : 'field__number'}
          inputMode={field === 'months' ? 'numeric' : 'decimal'}
          autoComplete="off"
          value={input[field]}
          onChange={(event) => setInput({ ...input, [field]: event.target.value })}
        />
      ))}
      <fieldset className="choice">
        <legend>{copy.annualLegend}</legend>
        {(['deMinimisLastYear', 'inputTaxUnderCeiling'] as const).map((field) => (
          <TickBox
            key={field}
            id={fieldId(field)}
            name={field}
            checked={input[field]}
            onChange={(checked) => setInput({ ...input, [field]: checked })}
          >
            {copy.labels[field]}
          </TickBox>
        ))}
      </fieldset>
      <button type="submit" className="button">
        {copy.submit}
      </button>
    </form>
  );
}
