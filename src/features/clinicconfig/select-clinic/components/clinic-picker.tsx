import { useId } from 'react';
import { useClinics } from '../../model/api/get-clinics';
import { CLINIC_EXTRA_TEXT, CLINIC_TEXT } from '../../model/messages';

export const ADD_CLINIC = 'new';

/**
 * The superadmin's clinic selector on Clinic Configuration: every clinic plus 'Add
 * Clinic'. Choosing a clinic makes it the working clinic, so this and the sidebar's agree.
 */
export function ClinicPicker({
  value,
  onChoose,
  onAdd,
}: {
  /** The clinic shown, or ADD_CLINIC while a new one is being entered. */
  value: number | typeof ADD_CLINIC | null;
  onChoose: (clinic: { id: number; name: string }) => void;
  onAdd: () => void;
}) {
  const id = useId();
  const clinics = useClinics();
  const list = clinics.data;
  return (
    <div className="clinic-picker">
      <label className="field-label" htmlFor={id}>
        {CLINIC_EXTRA_TEXT.selectorLabel}
      </label>
      <select
        id={id}
        className="input"
        value={value === null ? '' : String(value)}
        disabled={!list}
        onChange={(event) => {
          if (event.target.value === ADD_CLINIC) return onAdd();
          const chosen = list?.find((clinic) => String(clinic.id) === event.target.value);
          if (chosen) onChoose(chosen);
        }}
      >
        {value === null || (!list && value !== ADD_CLINIC) ? (
          <option value={value ?? ''}>{list ? '' : CLINIC_EXTRA_TEXT.loadingClinics}</option>
        ) : null}
        {list?.map((clinic) => (
          <option key={clinic.id} value={clinic.id}>
            {clinic.name}
          </option>
        ))}
        <option value={ADD_CLINIC}>{CLINIC_TEXT.addClinic}</option>
      </select>
      {clinics.isError ? (
        <p className="field-error" role="alert">
          {CLINIC_EXTRA_TEXT.listFailed}{' '}
          <button type="button" className="button-link" onClick={() => void clinics.refetch()}>
            {CLINIC_EXTRA_TEXT.retry}
          </button>
        </p>
      ) : null}
    </div>
  );
}
