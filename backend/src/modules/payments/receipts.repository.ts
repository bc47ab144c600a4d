import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { sql } from '@pgtyped/runtime';
import { typedExecute, typedOne, typedRows } from '../../database/sql.repository';
import type {
  IDocumentNumbersQuery,
  IFindCreditNoteQuery,
  IFindReceiptQuery,
  IInsertCreditNoteQuery,
  IInsertReceiptQuery,
  ILockPaymentForDocumentQuery,
  ITakeDocumentNumberQuery,
} from './receipts.repository.types';

export type DocumentKind = 'invoice' | 'credit_note';

/* Typed against the schema by pgtyped (npm run db:types writes receipts.repository.types.ts). */
const lockPaymentForDocument = sql<ILockPaymentForDocumentQuery>`SELECT 1 AS locked FROM payments WHERE id = $paymentId! FOR UPDATE`;
const takeDocumentNumber = sql<ITakeDocumentNumberQuery>`UPDATE document_counters SET last = last + 1 WHERE kind = $kind! RETURNING last::text AS "last!"`;
const findReceipt = sql<IFindReceiptQuery>`SELECT number::text AS "number!", issued_at FROM receipts WHERE payment_id = $paymentId!`;
const findCreditNote = sql<IFindCreditNoteQuery>`SELECT number::text AS "number!", issued_at FROM credit_notes WHERE payment_id = $paymentId!`;
const insertReceipt = sql<IInsertReceiptQuery>`
  INSERT INTO receipts (payment_id, number) VALUES ($paymentId!, $number!) RETURNING number::text AS "number!", issued_at`;
const insertCreditNote = sql<IInsertCreditNoteQuery>`
  INSERT INTO credit_notes (payment_id, number) VALUES ($paymentId!, $number!) RETURNING number::text AS "number!", issued_at`;
const documentNumbers = sql<IDocumentNumbersQuery>`
  SELECT p.id AS "id!", r.number::text AS invoice, c.number::text AS credit_note
    FROM unnest($paymentIds!::uuid[]) AS p(id)
    LEFT JOIN receipts r ON r.payment_id = p.id
    LEFT JOIN credit_notes c ON c.payment_id = p.id`;

const FIND = { invoice: findReceipt, credit_note: findCreditNote } as const;
const INSERT = { invoice: insertReceipt, credit_note: insertCreditNote } as const;

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
    await typedExecute(manager, lockPaymentForDocument, { paymentId });
    const existing = await this.findDocument(kind, paymentId, manager);
    if (existing) return existing;
    const taken = await typedOne(manager, takeDocumentNumber, { kind });
    if (!taken) throw new Error(`document_counters has no ${kind} row`);
    return (await typedOne(manager, INSERT[kind], { paymentId, number: taken.last }))!;
  }

  /** The invoice and credit-note numbers of these payments, by payment id (one query). */
  async numbersOf(
    paymentIds: string[],
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Map<string, { invoice: string | null; creditNote: string | null }>> {
    if (paymentIds.length === 0) return new Map();
    const rows = await typedRows(manager, documentNumbers, { paymentIds });
    return new Map(rows.map((r) => [r.id, { invoice: r.invoice, creditNote: r.credit_note }]));
  }

  find(paymentId: string, manager: EntityManager = this.dataSource.manager): Promise<{ number: string; issued_at: Date } | undefined> {
    return this.findDocument('invoice', paymentId, manager);
  }

  findCreditNote(paymentId: string, manager: EntityManager = this.dataSource.manager): Promise<{ number: string; issued_at: Date } | undefined> {
    return this.findDocument('credit_note', paymentId, manager);
  }

  private findDocument(kind: DocumentKind, paymentId: string, manager: EntityManager): Promise<{ number: string; issued_at: Date } | undefined> {
    return typedOne(manager, FIND[kind], { paymentId });
  }
}
