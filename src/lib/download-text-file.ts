/** How long a blob URL outlives its click: the browser has taken the file by then. */
const REVOKE_AFTER_MS = 60_000;

/** Hands a file to the browser's own download (a temporary link to its Blob URL, clicked). */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/** Saves text as a file through the browser's own download. */
export function downloadTextFile(fileName: string, text: string, type = 'text/csv;charset=utf-8') {
  saveFile(new Blob([text], { type }), fileName);
}
