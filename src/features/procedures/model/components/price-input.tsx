import type { KeyboardEvent, Ref } from 'react';

/**
 * A price field in a table row. A text input with the decimal keypad rather than type="number"
 * (as Billing's AmountField): a number input hands the page an empty value for "1,500", so what
 * was typed could not be told apart from nothing. parsePrice refuses a third decimal (step 0.01).
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
      <input
        ref={inputRef}
        className={error ? 'input procedures-price-input is-invalid' : 'input procedures-price-input'}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        maxLength={32}
        placeholder="0.00"
        data-step="0.01"
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
    <p id={id} className="procedures-field-error" role="alert">
      {message}
    </p>
  );
}
