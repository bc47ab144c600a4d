/** Hands a downloaded file (a receipt, a certificate) to the browser as a file to save, under its name. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The browser has read the object URL once the download started; free it a little later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
