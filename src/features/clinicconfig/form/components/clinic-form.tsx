import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { confirmDialog } from '@/components/confirm-dialog';
import { Field } from '@/components/form/field';
import { lengthLimitNote } from '@/components/form/length-limit';
import { useZodForm } from '@/components/form/use-zod-form';
import { FormMessage, type FormMessageValue } from '@/components/form-message';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import { getClinic, type ClinicSettings } from '../../model/api/get-clinic';
import {
  CLINIC_FIELD_ORDER,
  CLINIC_LIMITS,
  formValuesOf,
  isConnected,
  saveConfirmation,
  storedFieldsOf,
  tokenFieldText,
  type ClinicField,
  type ClinicPayload,
} from '../../model/clinic-form';
import { showClinicAlert } from '../../model/components/clinic-dialogs';
import { saveFailureReason } from '../../model/failure-text';
import { CLINIC_EXTRA_TEXT, CLINIC_TEXT } from '../../model/messages';
import { useClinicCache, useSaveClinic } from '../api/save-clinic';
import { clinicFormSchema } from '../api/save-clinic.schema';
import { saveClinicEdit } from '../save-clinic-edit';

export interface ClinicFormProps {
  /** null: a new clinic (superadmin). */
  clinic: ClinicSettings | null;
  /** The Facebook buttons, placed under the token field (the screen passes them in). */
  facebookControls: ReactNode;
  onSaved: (saved: ClinicSettings, added: boolean) => void;
  /** Update Clinic found the clinic saved elsewhere meanwhile: nothing was written; `current` is it as stored. */
  onChangedElsewhere?: (current: ClinicSettings) => void;
  onBack: () => void;
}

/**
 * The Clinic Configuration form: name and reminder time required, the
 * Facebook fields read-only (only Connect Facebook Page writes them), every save confirmed first
 * with Cancel focused. A refused save keeps what was typed. Update Clinic writes only while the
 * clinic is stored as the form last saw it (docs/adr/0023-concurrent-edits.md): after a save made
 * elsewhere meanwhile the form shows that save's values where this user changed nothing, keeps
 * what was typed, and says so.
 */
export function ClinicForm({ clinic, facebookControls, onSaved, onChangedElsewhere, onBack }: ClinicFormProps) {
  const formId = useId();
  const isNew = clinic === null;
  const save = useSaveClinic(clinic?.id ?? null);
  const cache = useClinicCache();
  const form = useZodForm(clinicFormSchema, { defaultValues: formValuesOf(clinic) });
  // The clinic as stored when the form opened (or was last brought up to date); an update only goes
  // through while the database still holds it. Not the `clinic` prop: a later read of the clinic
  // (a Facebook connect, a refetch) does not change what the inputs show.
  const [opened, setOpened] = useState<ClinicPayload | null>(() => (clinic ? storedFieldsOf(clinic) : null));
  const errors = form.formState.errors;
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const [asking, setAsking] = useState(false);
  const busy = asking || save.isPending;

  async function confirmAndSave(payload: ClinicPayload) {
    setMessage(null);
    const typed = form.getValues();
    setAsking(true);
    let confirmed: boolean;
    try {
      confirmed = await confirmDialog({
        ...saveConfirmation(isNew, payload.name),
        cancelText: CLINIC_TEXT.cancel,
        icon: 'question',
        danger: false,
        focusCancel: true,
      });
    } finally {
      setAsking(false);
    }
    if (!confirmed) return;
    if (clinic === null) {
      try {
        const added = await save.mutateAsync({ payload, opened: null });
        if (added !== ALREADY_PENDING && added) saved(added);
      } catch (error) {
        failed({ tone: 'error', text: CLINIC_TEXT.saveFailed, detail: saveFailureReason(error) });
      }
      return;
    }
    const clinicId = clinic.id;
    const outcome = await saveClinicEdit(
      { typed, fields: payload, opened: opened ?? storedFieldsOf(clinic) },
      {
        write: (fields, stored) => save.mutateAsync({ payload: fields, opened: stored }),
        readCurrent: () => getClinic(clinicId),
      },
    );
    switch (outcome.type) {
      case 'saved':
        saved(outcome.row);
        return;
      case 'changed-meanwhile':
        cache.put(outcome.current);
        form.reset(outcome.values, { keepDefaultValues: true });
        setOpened(outcome.opened);
        setMessage(outcome.message);
        onChangedElsewhere?.(outcome.current);
        return;
      case 'failed':
        failed(outcome.message);
        return;
      default:
        return;
    }
  }

  function saved(row: ClinicSettings) {
    if (!isNew) {
      form.reset(formValuesOf(row));
      setOpened(storedFieldsOf(row));
    }
    onSaved(row, isNew);
    void showClinicAlert({
      title: CLINIC_TEXT.successTitle,
      text: isNew ? CLINIC_TEXT.added : CLINIC_TEXT.updated,
      icon: 'success',
    });
  }

  function failed(failure: FormMessageValue) {
    setMessage(failure);
    void showClinicAlert({ title: CLINIC_TEXT.errorTitle, text: failure.text, icon: 'error', detail: failure.detail });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    return form.handleSubmit(confirmAndSave, (refused) => {
      setMessage({ tone: 'error', text: CLINIC_EXTRA_TEXT.fixErrors });
      const first = CLINIC_FIELD_ORDER.find((field) => refused[field]);
      if (first) form.setFocus(first);
    })(event);
  }

  const field = (
    name: Exclude<ClinicField, 'vatRegistered'>,
    label: string,
    props: {
      type?: string;
      required?: boolean;
      autoComplete?: string;
      inputMode?: 'email' | 'tel' | 'numeric';
      hint?: string;
      /** Cut at this many characters, saying so once full. */
      max?: number;
    },
  ) => {
    const error = errors[name]?.message;
    // The spec's labels end in '*' for required fields; the note names the field without it.
    const atLimit =
      props.max === undefined ? undefined : lengthLimitNote(label.replace(/\*$/, ''), form.watch(name), props.max);
    return (
      <Field
        id={`${formId}-${name}`}
        label={label}
        error={error}
        announceError={false}
        hint={atLimit ?? props.hint}
        hintPlacement="before-error"
      >
        {(control) => (
          <input
            {...control}
            className="input"
            type={props.type ?? 'text'}
            required={props.required}
            aria-required={props.required || undefined}
            autoComplete={props.autoComplete ?? 'off'}
            inputMode={props.inputMode}
            maxLength={props.max}
            {...form.register(name, { onChange: () => form.clearErrors(name) })}
          />
        )}
      </Field>
    );
  };

  const readOnly = (name: string, label: string, value: string, hint?: string) => {
    const id = `${formId}-${name}`;
    return (
      <div className="field">
        <label className="field-label" htmlFor={id}>
          {label}
        </label>
        <input
          id={id}
          className="input clinic-read-only"
          type="text"
          value={value}
          readOnly
          aria-describedby={hint ? `${id}-hint` : undefined}
        />
        {hint ? (
          <p id={`${id}-hint`} className="field-hint">
            {hint}
          </p>
        ) : null}
      </div>
    );
  };

  const connected = isConnected(clinic);
  return (
    <form className="clinic-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-label={CLINIC_TEXT.title}>
      <div className="clinic-form-grid">
        {field('name', CLINIC_TEXT.fields.name, { required: true, max: CLINIC_LIMITS.name })}
        {field('reminderTime', CLINIC_TEXT.fields.reminderTime, { type: 'time', required: true })}
        {field('recallMonths', CLINIC_EXTRA_TEXT.recallMonthsLabel, {
          required: true,
          inputMode: 'numeric',
          hint: CLINIC_EXTRA_TEXT.recallMonthsHint,
        })}
        <div className="field">
          <label className="clinic-checkbox" htmlFor={`${formId}-vat`}>
            <input
              id={`${formId}-vat`}
              type="checkbox"
              aria-describedby={`${formId}-vat-hint`}
              {...form.register('vatRegistered')}
            />{' '}
            {CLINIC_EXTRA_TEXT.vatRegisteredLabel}
          </label>
          <p id={`${formId}-vat-hint`} className="field-hint">
            {CLINIC_EXTRA_TEXT.vatRegisteredHint}
          </p>
        </div>
      </div>
      <div className="clinic-token">
        {readOnly(
          'token',
          CLINIC_TEXT.fields.token,
          tokenFieldText(clinic?.page_token_hint),
          connected ? CLINIC_EXTRA_TEXT.tokenHint : CLINIC_EXTRA_TEXT.notConnectedHint,
        )}
        {facebookControls}
      </div>
      <div className="clinic-form-grid">
        {field('address', CLINIC_TEXT.fields.address, { autoComplete: 'street-address' })}
        {field('email', CLINIC_TEXT.fields.email, { type: 'email', inputMode: 'email' })}
        {field('phone', CLINIC_TEXT.fields.phone, { type: 'tel', inputMode: 'tel' })}
        {readOnly('fb-page-id', CLINIC_TEXT.fields.fbPageId, clinic?.fb_page_id ?? '', CLINIC_EXTRA_TEXT.readOnlyHint)}
        {readOnly(
          'messenger-page-id',
          CLINIC_TEXT.fields.messengerPageId,
          clinic?.messenger_page_id ?? '',
          CLINIC_EXTRA_TEXT.readOnlyHint,
        )}
      </div>
      <FormMessage message={message} />
      <div className="clinic-form-actions">
        <button type="button" className="button button-secondary" onClick={onBack}>
          {CLINIC_TEXT.back}
        </button>
        <button type="submit" className="button button-primary" disabled={busy}>
          {save.isPending ? CLINIC_EXTRA_TEXT.saving : isNew ? CLINIC_TEXT.saveNew : CLINIC_TEXT.saveExisting}
        </button>
      </div>
    </form>
  );
}
