import type { UseFormRegisterReturn } from 'react-hook-form';
import { SelectField } from '@/components/form/select-field';
import { WAITLIST_FORM_TEXT } from '../../model/messages';
import { TIMES_OF_DAY, WEEKDAYS, type TimeOfDay } from '../../model/preferences';

/**
 * The days (Monday to Saturday, the clinic's open days; none ticked: any) and time of day a
 * waiting patient can come: only slots that match are offered to them.
 */
export function PreferenceFields({
  formId,
  weekdays,
  timeOfDay,
}: {
  formId: string;
  weekdays: UseFormRegisterReturn<'weekdays'>;
  timeOfDay: UseFormRegisterReturn<'timeOfDay'>;
}) {
  const hintId = `${formId}-days-hint`;
  return (
    <div className="waitlist-form-preferences">
      <fieldset className="waitlist-weekdays" aria-describedby={hintId}>
        <legend>{WAITLIST_FORM_TEXT.days}</legend>
        <div className="waitlist-weekday-options">
          {WEEKDAYS.map((day) => (
            <label key={day.iso} className="waitlist-weekday">
              <input type="checkbox" value={String(day.iso)} aria-label={day.name} {...weekdays} />
              <span aria-hidden="true">{day.short}</span>
            </label>
          ))}
        </div>
        <p id={hintId} className="waitlist-form-hint">
          {WAITLIST_FORM_TEXT.daysHint}
        </p>
      </fieldset>
      <SelectField
        id={`${formId}-time-of-day`}
        label={WAITLIST_FORM_TEXT.timeOfDay}
        placeholder={WAITLIST_FORM_TEXT.anyTime}
        options={(Object.keys(TIMES_OF_DAY) as TimeOfDay[]).map((key) => ({
          value: key,
          label: TIMES_OF_DAY[key].label,
        }))}
        {...timeOfDay}
      />
    </div>
  );
}
