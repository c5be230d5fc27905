import { formatClinicDateTime } from '@common/clinic-calendar';
import { Field } from '@/components/form/field';
import { FormModal } from '@/components/form/form-modal';
import { SelectField } from '@/components/form/select-field';
import { useFormSubmission } from '@/components/form/use-form-submission';
import { useZodForm } from '@/components/form/use-zod-form';
import { FormMessage } from '@/components/form-message';
import { SurfaceChoices } from '../../model/components/surface-choices';
import { chartFailureText } from '../../model/failure-text';
import { CHART_TEXT, CONDITION_LABELS, STATE_LABELS } from '../../model/messages';
import { useAddChartEntry } from '../api/add-chart-entry';
import { usePatientAppointments } from '../api/get-patient-appointments';
import { chartEntrySchema } from '../chart-entry-form';

/**
 * Chart tooth N: its surfaces (none for the whole tooth), the condition, the state and, if it was
 * found or done at one, the appointment. The database stamps who and when, and refuses by code
 * what a tooth cannot take; the modal then stays open with the reason.
 */
export function ChartEntryModal({
  clinicId,
  patientId,
  tooth,
  timeZone,
  onClose,
  onSaved,
}: {
  clinicId: number;
  patientId: number;
  tooth: number;
  timeZone: string;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const form = useZodForm(chartEntrySchema(tooth), {
    defaultValues: { surfaces: [], condition: 'caries', state: 'existing', appointmentId: '', note: '' },
  });
  const appointments = usePatientAppointments(clinicId, patientId);
  const add = useAddChartEntry(clinicId, patientId);
  const { formId, formProps, message } = useFormSubmission(form, {
    pending: add.isPending,
    send: (input) => add.mutateAsync(input),
    onSent: () => onSaved(CHART_TEXT.saved(tooth)),
    failureLog: 'charting a tooth',
    failureMessage: (error) => ({ tone: 'error', text: CHART_TEXT.saveFailed, detail: chartFailureText(error) }),
  });

  return (
    <FormModal {...formProps} title={CHART_TEXT.addTitle(tooth)} submitLabel={CHART_TEXT.save} onClose={onClose}>
      <SurfaceChoices tooth={tooth} register={form.register('surfaces')} />
      <SelectField
        id={`${formId}-condition`}
        label={CHART_TEXT.condition}
        options={Object.entries(CONDITION_LABELS).map(([value, label]) => ({ value, label }))}
        {...form.register('condition')}
      />
      <SelectField
        id={`${formId}-state`}
        label={CHART_TEXT.state}
        options={Object.entries(STATE_LABELS).map(([value, label]) => ({ value, label }))}
        {...form.register('state')}
      />
      <SelectField
        id={`${formId}-appointment`}
        label={CHART_TEXT.appointment}
        options={[
          { value: '', label: CHART_TEXT.noAppointment },
          ...(appointments.data ?? []).map((appointment) => ({
            value: String(appointment.id),
            label: `${formatClinicDateTime(appointment.appointment_time, timeZone)}${appointment.reason ? ` · ${appointment.reason}` : ''}`,
          })),
        ]}
        {...form.register('appointmentId')}
      />
      <Field id={`${formId}-note`} label={CHART_TEXT.note}>
        {(control) => <textarea {...control} className="input" rows={2} maxLength={500} {...form.register('note')} />}
      </Field>
      <FormMessage message={message} />
    </FormModal>
  );
}
