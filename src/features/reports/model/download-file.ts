/** Saves text as a file through the browser's own download (a Blob URL on a temporary link). */
export function downloadTextFile(fileName: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once started; release the URL after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
