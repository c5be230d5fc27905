import { vi } from 'vitest';

/**
 * Files the page saves, caught instead of downloaded (jsdom has no object URLs and does not follow
 * a download link): the blobs made into URLs, the names the links save under, and the click spy.
 * The spy goes with `vi.restoreAllMocks()`.
 */
export function captureDownloads() {
  const blobs: Blob[] = [];
  const names: string[] = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return 'blob:download';
  });
  URL.revokeObjectURL = vi.fn();
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { blobs, names, click };
}
