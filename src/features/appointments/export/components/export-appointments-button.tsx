import { useMemo } from 'react';
import type { InstantRange } from '@common/clinic-calendar';
import { exportQuery } from '@common/csv/exports';
import { ExportCsvButton } from '@/components/export-button/export-csv-button';

/**
 * 'Export CSV' on the Appointments list: the appointments its filters show (the period of View,
 * Year, Month, Week or Day, and the Dentist), every column of the list.
 */
export function ExportAppointmentsButton({
  clinicId,
  period,
  dentistId,
}: {
  clinicId: number;
  period: InstantRange;
  dentistId: number | null;
}) {
  const params = useMemo(
    () =>
      exportQuery<'appointments'>(clinicId, {
        from: period.start.toISOString(),
        to: period.end.toISOString(),
        dentistId,
      }),
    [clinicId, period, dentistId],
  );
  return (
    <ExportCsvButton
      path="/api/exports/appointments.csv"
      query={params}
      accessibleLabel="Export CSV: appointments"
      fallbackFileName="appointments.csv"
    />
  );
}
