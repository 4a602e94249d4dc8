/** Saves a Blob as a file through the browser's download, without a second request. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled, or some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves JSON as a file (pretty-printed, a newline at the end). */
export function downloadJson(fileName: string, data: unknown): void {
  downloadBlob(fileName, new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' }));
}
