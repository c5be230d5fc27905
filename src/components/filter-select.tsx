import { useId } from 'react';

export interface FilterOption {
  value: string | number;
  label: string;
}

/**
 * A labelled select that narrows what a screen shows; `onChange` gets the chosen option's value as
 * the select gives it (a string), for the caller to read back into its own type.
 */
export function FilterSelect({
  label,
  className,
  value,
  options,
  onChange,
}: {
  label: string;
  /** Classes besides `field`, for the screen's layout. */
  className?: string;
  value: string | number;
  options: readonly FilterOption[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="input" value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
