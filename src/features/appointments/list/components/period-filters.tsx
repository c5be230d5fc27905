import { memo } from 'react';
import { FilterSelect } from '@/components/filter-select';
import {
  dayOptions,
  MONTH_NAMES,
  VIEW_OPTIONS,
  weekOptions,
  type AppointmentView,
  type PeriodSelection,
} from '../../model/periods';

/**
 * The list's period filters, after its Dentist filter in the same group: View, Year,
 * Month, and Week or Day for those views.
 */
export const PeriodFilters = memo(function PeriodFilters({
  selection,
  onSelection,
  years,
}: {
  selection: PeriodSelection;
  onSelection: (selection: PeriodSelection) => void;
  years: readonly number[];
}) {
  const set = (change: Partial<PeriodSelection>) => onSelection({ ...selection, ...change });
  return (
    <>
      <FilterSelect
        label="View"
        className="appointments-filter"
        value={selection.view}
        options={VIEW_OPTIONS}
        onChange={(view) => set({ view: view as AppointmentView })}
      />
      <FilterSelect
        label="Year"
        className="appointments-filter"
        value={selection.year}
        options={years.map((year) => ({ value: year, label: String(year) }))}
        onChange={(year) => set({ year: Number(year) })}
      />
      <FilterSelect
        label="Month"
        className="appointments-filter appointments-filter-month"
        value={selection.month}
        options={MONTH_NAMES.map((name, index) => ({ value: index + 1, label: name }))}
        onChange={(month) => set({ month: Number(month) })}
      />
      {selection.view === 'weekly' ? (
        <FilterSelect
          label="Week"
          className="appointments-filter"
          value={selection.week}
          options={weekOptions(selection.year, selection.month)}
          onChange={(week) => set({ week: Number(week) })}
        />
      ) : null}
      {selection.view === 'daily' ? (
        <FilterSelect
          label="Day"
          className="appointments-filter appointments-filter-day"
          value={selection.day}
          options={dayOptions(selection.year, selection.month).map((day) => ({ value: day, label: String(day) }))}
          onChange={(day) => set({ day: Number(day) })}
        />
      ) : null}
    </>
  );
});
