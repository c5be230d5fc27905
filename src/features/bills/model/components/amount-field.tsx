import { BILLING_EXTRA_TEXT } from '../messages';

/**
 * A pesos field (Total, Amount). A text input with the decimal keypad rather than type="number":
 * a number input hands the page an empty value for "1,500", so what a receptionist types could not
 * be read or told apart from nothing. The hint states the step (0.01); parsePesos refuses more
 * decimals, and the field shows its message.
 */
export function AmountField({
  id,
  label,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="billing-amount">
        <span className="billing-amount-sign" aria-hidden="true">
          ₱
        </span>
        <input
          id={id}
          className={error ? 'input billing-amount-input is-invalid' : 'input billing-amount-input'}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          maxLength={32}
          placeholder="0.00"
          data-step="0.01"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
      {error ? (
        <p id={errorId} className="billing-field-error">
          {error}
        </p>
      ) : null}
      <p id={hintId} className="billing-field-hint">
        {BILLING_EXTRA_TEXT.amountHint}
      </p>
    </div>
  );
}
