import { useId } from 'react';
import { AVAILABILITY_TEXT } from '../messages';

export interface DentistSelectHeaderProps {
  readonly titleId: string;
  readonly dentists: readonly { readonly id: number; readonly name: string; readonly is_active: boolean }[] | undefined;
  readonly failed: boolean;
  readonly chosenDentistId: number | null;
  readonly onSelect: (value: string) => void;
}

/** The stand-alone manager's title and its 'Select Dentist' dropdown (inactive ones marked). */
export function DentistSelectHeader({
  titleId,
  dentists,
  failed,
  chosenDentistId,
  onSelect,
}: DentistSelectHeaderProps) {
  const selectId = useId();
  return (
    <header className="availability-header">
      <h2 id={titleId} className="availability-title">
        {AVAILABILITY_TEXT.title}
      </h2>
      <div className="field availability-dentist-field">
        <label className="field-label" htmlFor={selectId}>
          {AVAILABILITY_TEXT.selectDentist}
        </label>
        <select
          id={selectId}
          className="input"
          value={chosenDentistId ?? ''}
          disabled={!dentists}
          onChange={(event) => onSelect(event.target.value)}
        >
          <option value="">{failed ? 'Failed to fetch dentists' : AVAILABILITY_TEXT.selectDentist}</option>
          {dentists?.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.is_active ? candidate.name : `${candidate.name} (Inactive)`}
            </option>
          ))}
        </select>
      </div>
    </header>
  );
}
