import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { queryOne } from '../../database/sql.repository';

export type DocumentKind = 'invoice' | 'credit_note';

const TABLE: Record<DocumentKind, 'receipts' | 'credit_notes'> = { invoice: 'receipts', credit_note: 'credit_notes' };

/**
 * The numbered documents of payments: the invoice (table receipts) of each
 * paid payment and the credit note of each refunded one, issued once each.
 * Numbers come from document_counters, one row per kind, updated in the
 * issuing transaction: the row stays locked until it commits, so the numbers
 * follow each other without gaps (a rollback gives its number back) or
 * duplicates, whatever runs concurrently.
 */
@Injectable()
export class ReceiptsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The payment's invoice number, issuing the next one the first time (concurrent callers get the same). */
  issue(manager: EntityManager, paymentId: string): Promise<{ number: string; issued_at: Date }> {
    return this.issueDocument(manager, 'invoice', paymentId);
  }

  /** The payment's credit note, issuing the next number the first time. */
  issueCreditNote(manager: EntityManager, paymentId: string): Promise<{ number: string; issued_at: Date }> {
    return this.issueDocument(manager, 'credit_note', paymentId);
  }

  private async issueDocument(manager: EntityManager, kind: DocumentKind, paymentId: string): Promise<{ number: string; issued_at: Date }> {
    // Issued already (every later reader: the receipt, the downloads): no lock, so nobody waits on the payment's row.
    const issued = await this.findDocument(kind, paymentId, manager);
    if (issued) return issued;
    // The payment's row: two issuers of the same payment's document queue here, and the second finds the first's.
    await manager.query(`SELECT 1 FROM payments WHERE id = $1 FOR UPDATE`, [paymentId]);
    const existing = await this.findDocument(kind, paymentId, manager);
    if (existing) return existing;
    const taken = await queryOne<{ last: string }>(manager, `UPDATE document_counters SET last = last + 1 WHERE kind = $1 RETURNING last::text`, [kind]);
    if (!taken) throw new Error(`document_counters has no ${kind} row`);
    return (await queryOne<{ number: string; issued_at: Date }>(
      manager,
      `INSERT INTO ${TABLE[kind]} (payment_id, number) VALUES ($1, $2) RETURNING number::text, issued_at`,
      [paymentId, taken.last],
    ))!;
  }

  /** The invoice and credit-note numbers of these payments, by payment id (one query). */
  async numbersOf(
    paymentIds: string[],
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Map<string, { invoice: string | null; creditNote: string | null }>> {
    if (paymentIds.length === 0) return new Map();
    const rows: Array<{ id: string; invoice: string | null; credit_note: string | null }> = await manager.query(
      `SELECT p.id, r.number::text AS invoice, c.number::text AS credit_note
         FROM unnest($1::uuid[]) AS p(id)
         LEFT JOIN receipts r ON r.payment_id = p.id
         LEFT JOIN credit_notes c ON c.payment_id = p.id`,
      [paymentIds],
    );
    return new Map(rows.map((r) => [r.id, { invoice: r.invoice, creditNote: r.credit_note }]));
  }

  find(paymentId: string, manager: EntityManager = this.dataSource.manager): Promise<{ number: string; issued_at: Date } | undefined> {
    return this.findDocument('invoice', paymentId, manager);
  }

  findCreditNote(paymentId: string, manager: EntityManager = this.dataSource.manager): Promise<{ number: string; issued_at: Date } | undefined> {
    return this.findDocument('credit_note', paymentId, manager);
  }

  private findDocument(kind: DocumentKind, paymentId: string, manager: EntityManager): Promise<{ number: string; issued_at: Date } | undefined> {
    return queryOne(manager, `SELECT number::text, issued_at FROM ${TABLE[kind]} WHERE payment_id = $1`, [paymentId]);
  }
}
