/** A field's error, read out with the field (point its aria-describedby at `id`) and prefixed for screen readers. */
export function FieldError({ id, error }: { id: string; error: string | null | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="field__error">
      <span className="visually-hidden">Error: </span>
      {error}
    </p>
  );
}
