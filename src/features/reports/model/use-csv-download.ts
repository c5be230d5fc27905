import { useState } from 'react';
import { downloadTextFile } from '@/lib/download-text-file';
import { ALREADY_PENDING, type AlreadyPending } from '@/lib/use-guarded-mutation';

/**
 * A report's CSV download: the file is built from the export's own answer (the one the database
 * recorded in the audit trail), never from the report on screen; a double click downloads once,
 * and a failure downloads nothing and says so in the report's words.
 */
export function useCsvDownload<Period, Report>({
  exportReport,
  file,
  failureText,
}: {
  exportReport: (period: Period) => Promise<Report | AlreadyPending>;
  file: (report: Report) => { name: string; text: string };
  failureText: (error: unknown) => string;
}) {
  const [error, setError] = useState<string | null>(null);
  const download = async (period: Period) => {
    setError(null);
    try {
      const exported = await exportReport(period);
      if (exported === ALREADY_PENDING) return;
      const { name, text } = file(exported);
      downloadTextFile(name, text);
    } catch (failure) {
      setError(failureText(failure));
    }
  };
  return { download, error };
}
