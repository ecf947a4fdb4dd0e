/** Saves data as a file on the player's device: a blob: URL and a temporary link, no network. */
export function downloadFile(fileName: string, data: BlobPart, type: string): void {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // Some browsers start the download after click() returns, so the URL lives a little longer.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
