/** Saves text as a file through the browser's download, which works the same in Electron and browser mode. */
export function downloadText(filename: string, mimeType: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on a later task: the download reads the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
