import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 30, invoices and credit notes:
 * - document_counters: the last number of each kind of document (invoice,
 *   credit note). A number is taken by updating its row in the transaction
 *   that issues the document, so the row stays locked until that transaction
 *   ends and a rolled-back one gives its number back: no gaps, no duplicates
 *   (a PostgreSQL sequence skips the numbers of rolled-back transactions).
 * - receipts.number: now taken from the invoice counter (the sequence goes);
 *   the counter starts after the highest receipt number already issued.
 * - credit_notes: the numbered credit note of each refunded payment, which
 *   credits its invoice.
 */
export class InvoicesAndCreditNotes1795640000000 implements MigrationInterface {
  name = 'InvoicesAndCreditNotes1795640000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE document_counters (kind text PRIMARY KEY, last bigint NOT NULL CHECK (last >= 0))`);
    await q.query(`INSERT INTO document_counters (kind, last) SELECT 'invoice', COALESCE(MAX(number), 1000) FROM receipts`);
    await q.query(`INSERT INTO document_counters (kind, last) VALUES ('credit_note', 0)`);
    await q.query(`ALTER TABLE receipts ALTER COLUMN number DROP DEFAULT`);
    await q.query(`DROP SEQUENCE receipt_numbers`);
    await q.query(`
      CREATE TABLE credit_notes (
        payment_id uuid PRIMARY KEY REFERENCES payments(id),
        number bigint NOT NULL UNIQUE,
        issued_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE credit_notes`);
    await q.query(`CREATE SEQUENCE receipt_numbers START 1001`);
    await q.query(`SELECT setval('receipt_numbers', (SELECT GREATEST(last, 1) FROM document_counters WHERE kind = 'invoice'))`);
    await q.query(`ALTER TABLE receipts ALTER COLUMN number SET DEFAULT nextval('receipt_numbers')`);
    await q.query(`DROP TABLE document_counters`);
  }
}
