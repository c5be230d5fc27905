import { useMemo } from 'react';
import { exportQuery } from '@common/csv/exports';
import { ExportCsvButton } from '@/components/export-button/export-csv-button';

/** 'Export CSV' on the Patients tab: the patients the search shows, every column of the table. */
export function ExportPatientsButton({ clinicId, query }: { clinicId: number; query: string }) {
  const params = useMemo(() => exportQuery<'patients'>(clinicId, { q: query }), [clinicId, query]);
  return (
    <ExportCsvButton
      path="/api/exports/patients.csv"
      query={params}
      accessibleLabel="Export CSV: patients"
      fallbackFileName="patients.csv"
    />
  );
}
