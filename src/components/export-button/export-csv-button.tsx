import { useCallback, useEffect, useRef, useState } from 'react';
import { CsvDownloadError, downloadedSize, fetchCsvFile } from '@common/csv/download';
import { useToast } from '@/components/toast/toast-context';
import { saveFile } from '@/lib/download-text-file';
import { serviceAccessToken, serviceUrl } from '@/lib/service-client';

export const EXPORT_BUTTON_TEXT = {
  label: 'Export CSV',
  exporting: 'Exporting…',
  progress: (size: string) => `Exporting… ${size}`,
  saved: (fileName: string) => `Exported ${fileName}.`,
} as const;

/**
 * 'Export CSV': downloads a list as the notification service writes it (GET /api/exports/…,
 * with the session's token) and saves it. While it streams the button says how much has come;
 * the outcome is a toast (the file's name, or the service's error sentence).
 */
export function ExportCsvButton({
  path,
  query,
  accessibleLabel,
  fallbackFileName,
  disabled = false,
}: {
  /** '/api/exports/patients.csv' */
  path: string;
  /** clinicId and the list's filters (@common/csv/exports exportQuery). */
  query: Record<string, string>;
  /** 'Export patients as CSV': what the button does, for assistive technology and tests. */
  accessibleLabel: string;
  fallbackFileName: string;
  disabled?: boolean;
}) {
  const toast = useToast();
  const [progress, setProgress] = useState<number | null>(null);
  const mounted = useRef(true);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      controller.current?.abort();
    };
  }, []);

  const exportFile = useCallback(async () => {
    controller.current = new AbortController();
    setProgress(0);
    try {
      const file = await fetchCsvFile({
        url: serviceUrl(path, query),
        token: await serviceAccessToken(),
        fallbackFileName,
        signal: controller.current.signal,
        onProgress: (bytes) => {
          if (mounted.current) setProgress(bytes);
        },
      });
      if (!mounted.current) return;
      saveFile(file.blob, file.fileName);
      toast(EXPORT_BUTTON_TEXT.saved(file.fileName), { tone: 'success' });
    } catch (error) {
      if (!mounted.current) return;
      const text = error instanceof CsvDownloadError ? error.message : 'The export failed. Please try again.';
      toast(text, { tone: 'error' });
    } finally {
      if (mounted.current) setProgress(null);
    }
  }, [fallbackFileName, path, query, toast]);

  const busy = progress !== null;
  return (
    <button
      type="button"
      className="button button-secondary"
      aria-label={accessibleLabel}
      aria-busy={busy || undefined}
      disabled={disabled || busy}
      onClick={() => void exportFile()}
    >
      {!busy
        ? EXPORT_BUTTON_TEXT.label
        : progress > 0
          ? EXPORT_BUTTON_TEXT.progress(downloadedSize(progress))
          : EXPORT_BUTTON_TEXT.exporting}
    </button>
  );
}
