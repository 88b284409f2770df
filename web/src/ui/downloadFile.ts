/**
 * Offers text as a file download (the generated private key, spec 2 §8 "downloaded as a .pem
 * file"): a Blob and an object URL, so no data: URL is needed under the strict CSP.
 */
export function downloadFile(
  filename: string,
  text: string,
  type = 'application/x-pem-file',
): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL need not outlive this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
