import type { KeyboardEvent, Ref } from 'react';
import { MoneyInput } from '@/entities/money';

/**
 * A price field in a table row: a pesos input named by `label` (the row has no visible label),
 * after a ₱ sign. parsePrice refuses a third decimal (step 0.01).
 */
export function PriceInput({
  label,
  value,
  error,
  errorId,
  inputRef,
  onChange,
  onKeyDown,
}: {
  label: string;
  value: string;
  error: string | undefined;
  errorId: string;
  inputRef?: Ref<HTMLInputElement>;
  onChange: (value: string) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
}) {
  return (
    <div className="procedures-price">
      <span className="procedures-price-sign" aria-hidden="true">
        ₱
      </span>
      <MoneyInput
        ref={inputRef}
        className={error ? 'input procedures-price-input is-invalid' : 'input procedures-price-input'}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
    </div>
  );
}

/** A field's message under it, referenced by the field's aria-describedby. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="field-error" role="alert">
      {message}
    </p>
  );
}
