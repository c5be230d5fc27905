import { describe, expect, it } from 'vitest';
import { attachmentFileName, CsvDownloadError, downloadedSize, fetchCsvFile } from './download';

const encoder = new TextEncoder();

function streamOf(parts: readonly string[], failAfter?: number): ReadableStream<Uint8Array> {
  let index = 0;
  return new ReadableStream({
    pull(controller) {
      if (failAfter !== undefined && index === failAfter) {
        controller.error(new TypeError('network error'));
        return;
      }
      const part = parts[index++];
      if (part === undefined) controller.close();
      else controller.enqueue(encoder.encode(part));
    },
  });
}

describe('fetching an export', () => {
  it('when the service streams the file, then it is read whole, with progress and the name it gave', async () => {
    const progress: number[] = [];
    let sent: RequestInit | undefined;
    const file = await fetchCsvFile({
      url: 'http://service.test/api/exports/patients.csv?clinicId=1',
      token: 'jwt',
      fallbackFileName: 'patients.csv',
      onProgress: (bytes) => progress.push(bytes),
      fetchImpl: async (_url, init) => {
        sent = init;
        return new Response(streamOf(['\uFEFFName\r\n', 'Ñoño\r\n']), {
          headers: { 'content-disposition': 'attachment; filename="patients-smile-dental-2026-11-26.csv"' },
        });
      },
    });
    expect((sent?.headers as Record<string, string>).authorization).toBe('Bearer jwt');
    expect(file.fileName).toBe('patients-smile-dental-2026-11-26.csv');
    expect(progress).toEqual([9, 17]);
    expect(file.bytes).toBe(17);
    const bytes = new Uint8Array(await file.blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe('Name\r\nÑoño\r\n');
    expect(file.blob.type).toBe('text/csv;charset=utf-8');
  });

  it("when the service refuses, then the error is the service's sentence with its status", async () => {
    const failure = await fetchCsvFile({
      url: 'http://service.test/x.csv',
      token: undefined,
      fallbackFileName: 'x.csv',
      fetchImpl: async () => Response.json({ error: 'You do not have access to this clinic.' }, { status: 403 }),
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CsvDownloadError);
    expect(failure).toMatchObject({ message: 'You do not have access to this clinic.', status: 403 });
  });

  it('when the answer is not JSON or nothing answers or the file is cut, then a plain sentence', async () => {
    const read = (fetchImpl: typeof fetch) =>
      fetchCsvFile({ url: 'http://service.test/x.csv', token: 't', fallbackFileName: 'x.csv', fetchImpl }).catch(
        (error: unknown) => (error as Error).message,
      );
    expect(await read(async () => new Response('<html>', { status: 502 }))).toBe(
      'The export failed. Please try again.',
    );
    expect(
      await read(async () => {
        throw new TypeError('Failed to fetch');
      }),
    ).toBe('The export could not be downloaded. Check the connection and try again.');
    expect(await read(async () => new Response(streamOf(['a\r\n', 'b\r\n'], 1)))).toBe(
      'The export stopped before the end of the file. Please try again.',
    );
  });

  it('reads only a plain file name from Content-Disposition', () => {
    expect(attachmentFileName('attachment; filename="a-b_1.csv"', 'x.csv')).toBe('a-b_1.csv');
    expect(attachmentFileName('attachment; filename="../etc/passwd"', 'x.csv')).toBe('x.csv');
    expect(attachmentFileName(null, 'x.csv')).toBe('x.csv');
  });

  it('says how much has come in KB, then MB', () => {
    expect(downloadedSize(10)).toBe('1 KB');
    expect(downloadedSize(200 * 1024)).toBe('200 KB');
    expect(downloadedSize(1.45 * 1024 * 1024)).toBe('1.4 MB');
  });
});
