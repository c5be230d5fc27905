import { memo, useId } from 'react';
import type { DentistFilterOption } from '../../model/grouping';
import {
  dayOptions,
  MONTH_NAMES,
  VIEW_OPTIONS,
  weekOptions,
  type AppointmentView,
  type PeriodSelection,
} from '../../model/periods';

/** The list's filters (spec §2): Dentist, View, Year, Month, and Week or Day for those views. */
export const ListFilters = memo(function ListFilters({
  selection,
  onSelection,
  dentistOptions,
  dentistId,
  onDentist,
  years,
}: {
  selection: PeriodSelection;
  onSelection: (selection: PeriodSelection) => void;
  dentistOptions: readonly DentistFilterOption[];
  dentistId: number | null;
  onDentist: (dentistId: number | null) => void;
  years: readonly number[];
}) {
  const id = useId();
  const set = (change: Partial<PeriodSelection>) => onSelection({ ...selection, ...change });
  return (
    <div className="appointments-filters" role="group" aria-label="Filters">
      <div className="field appointments-filter appointments-filter-dentist">
        <label className="field-label" htmlFor={`${id}-dentist`}>
          Dentist
        </label>
        <select
          id={`${id}-dentist`}
          className="input"
          value={dentistId ?? ''}
          onChange={(event) => onDentist(event.target.value === '' ? null : Number(event.target.value))}
        >
          {dentistOptions.map((option) => (
            <option key={option.value ?? 'all'} value={option.value ?? ''}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field appointments-filter">
        <label className="field-label" htmlFor={`${id}-view`}>
          View
        </label>
        <select
          id={`${id}-view`}
          className="input"
          value={selection.view}
          onChange={(event) => set({ view: event.target.value as AppointmentView })}
        >
          {VIEW_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field appointments-filter">
        <label className="field-label" htmlFor={`${id}-year`}>
          Year
        </label>
        <select
          id={`${id}-year`}
          className="input"
          value={selection.year}
          onChange={(event) => set({ year: Number(event.target.value) })}
        >
          {years.map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </select>
      </div>
      <div className="field appointments-filter appointments-filter-month">
        <label className="field-label" htmlFor={`${id}-month`}>
          Month
        </label>
        <select
          id={`${id}-month`}
          className="input"
          value={selection.month}
          onChange={(event) => set({ month: Number(event.target.value) })}
        >
          {MONTH_NAMES.map((name, index) => (
            <option key={name} value={index + 1}>
              {name}
            </option>
          ))}
        </select>
      </div>
      {selection.view === 'weekly' ? (
        <div className="field appointments-filter">
          <label className="field-label" htmlFor={`${id}-week`}>
            Week
          </label>
          <select
            id={`${id}-week`}
            className="input"
            value={selection.week}
            onChange={(event) => set({ week: Number(event.target.value) })}
          >
            {weekOptions(selection.year, selection.month).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {selection.view === 'daily' ? (
        <div className="field appointments-filter appointments-filter-day">
          <label className="field-label" htmlFor={`${id}-day`}>
            Day
          </label>
          <select
            id={`${id}-day`}
            className="input"
            value={selection.day}
            onChange={(event) => set({ day: Number(event.target.value) })}
          >
            {dayOptions(selection.year, selection.month).map((day) => (
              <option key={day} value={day}>
                {day}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </div>
  );
});
