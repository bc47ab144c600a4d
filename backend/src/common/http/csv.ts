/** Cells a spreadsheet would run as a formula start with one of these. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: quoted when needed, and prefixed with ' when a spreadsheet would read it as a formula. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: string[], rows: unknown[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
