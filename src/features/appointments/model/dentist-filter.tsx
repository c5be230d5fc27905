import { FilterSelect } from '@/components/filter-select';

/** The Dentist select of the list's filters and of the calendar's tools; a `null` value is every dentist. */
export function DentistFilter({
  options,
  dentistId,
  onDentist,
}: {
  options: readonly { value: number | null; label: string }[];
  dentistId: number | null;
  onDentist: (dentistId: number | null) => void;
}) {
  return (
    <FilterSelect
      label="Dentist"
      className="appointments-filter appointments-filter-dentist"
      value={dentistId ?? ''}
      options={options.map((option) => ({ value: option.value ?? '', label: option.label }))}
      onChange={(value) => onDentist(value === '' ? null : Number(value))}
    />
  );
}
