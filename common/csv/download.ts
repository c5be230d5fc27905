/**
 * Fetching an export (GET /api/exports/<kind>.csv) as a file: the body read chunk by chunk with
 * the bytes so far reported, the file name from Content-Disposition, a failure as one readable
 * sentence. Browser-safe (fetch, Blob and TextDecoder only); the SPA saves the Blob it returns.
 */

export interface CsvFile {
  blob: Blob;
  fileName: string;
  bytes: number;
}

export const CSV_DOWNLOAD_TEXT = {
  failed: 'The export failed. Please try again.',
  unreachable: 'The export could not be downloaded. Check the connection and try again.',
  cutShort: 'The export stopped before the end of the file. Please try again.',
} as const;

/** A failed export, with the service's `error` text when it sent one. `status` is 0 without an answer. */
export class CsvDownloadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'CsvDownloadError';
  }
}

/** The file name of `attachment; filename="x.csv"`, else `fallback`. */
export function attachmentFileName(contentDisposition: string | null, fallback: string): string {
  const name = /filename="([^"]+)"/i.exec(contentDisposition ?? '')?.[1];
  return name && /^[\w.-]+$/.test(name) ? name : fallback;
}

async function errorText(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: unknown };
    const text = typeof body.error === 'string' ? body.error.trim() : '';
    return text && text.length <= 300 ? text : CSV_DOWNLOAD_TEXT.failed;
  } catch {
    return CSV_DOWNLOAD_TEXT.failed;
  }
}

export async function fetchCsvFile(options: {
  url: string;
  token: string | undefined;
  fallbackFileName: string;
  onProgress?: (bytes: number) => void;
  fetchImpl?: typeof fetch;
  signal?: AbortSignal;
}): Promise<CsvFile> {
  const { url, token, fallbackFileName, onProgress, fetchImpl = fetch, signal } = options;
  let response: Response;
  try {
    response = await fetchImpl(url, {
      headers: { accept: 'text/csv', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(signal ? { signal } : {}),
    });
  } catch {
    throw new CsvDownloadError(CSV_DOWNLOAD_TEXT.unreachable, 0);
  }
  if (!response.ok) throw new CsvDownloadError(await errorText(response), response.status);
  const chunks: BlobPart[] = [];
  let bytes = 0;
  try {
    if (response.body) {
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        bytes += value.byteLength;
        onProgress?.(bytes);
      }
    } else {
      const whole = new Uint8Array(await response.arrayBuffer());
      chunks.push(whole);
      bytes = whole.byteLength;
      onProgress?.(bytes);
    }
  } catch {
    // The service cuts the connection when it fails after the file started: never a partial file.
    throw new CsvDownloadError(CSV_DOWNLOAD_TEXT.cutShort, response.status);
  }
  return {
    blob: new Blob(chunks, { type: 'text/csv;charset=utf-8' }),
    fileName: attachmentFileName(response.headers.get('content-disposition'), fallbackFileName),
    bytes,
  };
}

/** '12 KB', '1.4 MB': how much of the file has come. */
export function downloadedSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
