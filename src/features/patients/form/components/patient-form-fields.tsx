import type { UseFormRegister } from 'react-hook-form';
import { BoundedTextField } from '@/components/form/length-limit';
import { PATIENT_FORM_EXTRA_TEXT } from '../messages';
import { PATIENT_LIMITS, type PatientFormValues } from '../patient-form';

interface BoundedFieldProps {
  id: string;
  label: string;
  name: keyof PatientFormValues;
  value: string;
  max: number;
  type?: 'text' | 'tel';
  optional?: boolean;
  register: UseFormRegister<PatientFormValues>;
}

/** A labelled input bounded to the database's length, saying so once the limit is reached. */
function BoundedField({ id, label, name, value, max, type = 'text', optional, register }: BoundedFieldProps) {
  return (
    <BoundedTextField
      id={id}
      label={label}
      labelExtra={optional ? <span className="field-optional"> {PATIENT_FORM_EXTRA_TEXT.optional}</span> : undefined}
      limit={max}
      currentValue={value}
      type={type}
      autoComplete="off"
      spellCheck={false}
      {...register(name)}
    />
  );
}

/** Name, Phone and, where the form carries one, the optional Messenger ID. */
export function PatientFormFields({
  formId,
  values,
  withMessengerId,
  register,
}: {
  formId: string;
  /** What the inputs hold now (for the at-limit hints). */
  values: PatientFormValues;
  withMessengerId: boolean;
  register: UseFormRegister<PatientFormValues>;
}) {
  return (
    <>
      <BoundedField
        id={`${formId}-name`}
        label="Name"
        name="name"
        value={values.name}
        max={PATIENT_LIMITS.name}
        register={register}
      />
      <BoundedField
        id={`${formId}-phone`}
        label="Phone"
        name="phone"
        type="tel"
        value={values.phone}
        max={PATIENT_LIMITS.phone}
        register={register}
      />
      {withMessengerId ? (
        <BoundedField
          id={`${formId}-messenger`}
          label="Messenger ID"
          name="messengerId"
          optional
          value={values.messengerId}
          max={PATIENT_LIMITS.messengerId}
          register={register}
        />
      ) : null}
    </>
  );
}
