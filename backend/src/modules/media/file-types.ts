const MiB = 1024 * 1024;

export interface AllowedFileType {
  mimeType: string;
  extension: string;
  maxBytes: number;
  label: string;
}

const PNG: AllowedFileType = { mimeType: 'image/png', extension: 'png', maxBytes: 5 * MiB, label: 'PNG image' };
const JPEG: AllowedFileType = { mimeType: 'image/jpeg', extension: 'jpg', maxBytes: 5 * MiB, label: 'JPEG image' };
const GIF: AllowedFileType = { mimeType: 'image/gif', extension: 'gif', maxBytes: 5 * MiB, label: 'GIF image' };
const WEBP: AllowedFileType = { mimeType: 'image/webp', extension: 'webp', maxBytes: 5 * MiB, label: 'WebP image' };
const PDF: AllowedFileType = { mimeType: 'application/pdf', extension: 'pdf', maxBytes: 25 * MiB, label: 'PDF document' };
const ZIP: AllowedFileType = { mimeType: 'application/zip', extension: 'zip', maxBytes: 100 * MiB, label: 'ZIP archive' };

/** Bytes needed to recognise every allowed type. */
export const SNIFF_BYTES = 12;

export const ALLOWED_DESCRIPTION = 'PNG, JPEG, GIF or WebP images (up to 5 MiB), PDF documents (up to 25 MiB) and ZIP archives (up to 100 MiB)';

const startsWith = (head: Buffer, bytes: number[] | string, offset = 0): boolean => {
  const expected = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
  return head.length >= offset + expected.length && head.subarray(offset, offset + expected.length).equals(expected);
};

/**
 * What a file really is, from its first bytes (never from its name or the
 * type the browser claims). Undefined for anything outside the allow-list.
 */
export function detectFileType(head: Buffer): AllowedFileType | undefined {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return PNG;
  if (startsWith(head, [0xff, 0xd8, 0xff])) return JPEG;
  if (startsWith(head, 'GIF87a') || startsWith(head, 'GIF89a')) return GIF;
  if (startsWith(head, 'RIFF') && startsWith(head, 'WEBP', 8)) return WEBP;
  if (startsWith(head, '%PDF-')) return PDF;
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) return ZIP;
  return undefined;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 100 ? Math.round(value) : Number(value.toFixed(1))} ${units[unit]}`;
}
