import { Readable } from 'node:stream';
import { CommonError } from '../errors/common.error';

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

/** CSV exports running at once in this process; each holds a database connection for its cursor. */
const MAX_CONCURRENT_EXPORTS = 2;
let runningExports = 0;

/**
 * A CSV document written as its rows arrive: the header at once, then one
 * chunk per batch (each batch turned into cells by `cells`, which may look
 * things up for the whole batch). Pulled by the response stream, so a slow
 * reader slows the reading of rows instead of piling them up in memory, and
 * other requests run between batches. At most MAX_CONCURRENT_EXPORTS run at
 * once (the caller gets a 429 with Retry-After beyond that).
 */
export function csvStream<T>(header: string[], batches: AsyncGenerator<T[]>, cells: (batch: T[]) => Promise<unknown[][]> | unknown[][]): Readable {
  if (runningExports >= MAX_CONCURRENT_EXPORTS) {
    void batches.return(undefined);
    throw CommonError.rateLimited('Another export is still running; try again when it has finished', 10);
  }
  async function* lines(): AsyncGenerator<string> {
    try {
      yield header.map(csvCell).join(',') + '\r\n';
      for await (const batch of batches) {
        const rows = await cells(batch);
        yield rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
      }
    } finally {
      await batches.return(undefined);
    }
  }
  runningExports++;
  const stream = Readable.from(lines(), { objectMode: false, highWaterMark: 1 });
  // Ended, failed or abandoned by the client: the slot is free again.
  stream.once('close', () => runningExports--);
  return stream;
}
