import { ReceiptsRepository } from '../../src/modules/payments/receipts.repository';
import { buy, checkout } from '../factories/payments.factory';
import { startTestApp, type TestApp } from '../support/test-app';

/** Consecutive numbers: sorted, each one more than the previous. */
const consecutive = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted.every((n, i) => i === 0 || n === sorted[i - 1] + 1);
};

describe('invoice and credit-note numbers (real PostgreSQL)', () => {
  let app: TestApp;
  let documents: ReceiptsRepository;

  beforeAll(async () => {
    app = await startTestApp({ worker: true });
    documents = app.api.get(ReceiptsRepository);
  });
  afterAll(() => app.close());

  it('a purchase gets its invoice number in the transaction that makes it paid', async () => {
    const paid = await buy(app);
    const [row] = await app.db.query(
      `SELECT r.number::int AS number FROM receipts r JOIN payments p ON p.id = r.payment_id WHERE p.id = $1 AND p.state = 'PAID'`,
      [paid.paymentId],
    );
    expect(row.number).toBeGreaterThan(1000);
  });

  it('concurrent issuers, some rolling back, leave no gap and no duplicate in either sequence; each document is issued once', async () => {
    const payments = await Promise.all(Array.from({ length: 12 }, () => checkout(app)));
    const before = async (kind: string) => Number((await app.db.query(`SELECT last FROM document_counters WHERE kind = $1`, [kind]))[0].last);
    const invoiceStart = await before('invoice');
    const creditStart = await before('credit_note');

    // Every payment's invoice issued by three concurrent transactions; every third payment's first two transactions roll back after taking a number.
    const attempt = (paymentId: string, kind: 'invoice' | 'credit', rollBack: boolean) =>
      app.db
        .transaction(async (manager) => {
          const issued = kind === 'invoice' ? await documents.issue(manager, paymentId) : await documents.issueCreditNote(manager, paymentId);
          await new Promise((r) => setTimeout(r, 5));
          if (rollBack) throw new Error('rolled back on purpose');
          return issued.number;
        })
        .catch((err: Error) => (err.message === 'rolled back on purpose' ? null : Promise.reject(err)));
    const invoiceRuns = payments.flatMap((p, i) => [
      attempt(p.paymentId, 'invoice', i % 3 === 0),
      attempt(p.paymentId, 'invoice', i % 3 === 0),
      attempt(p.paymentId, 'invoice', false),
    ]);
    await Promise.all(invoiceRuns);
    const creditRuns = payments.slice(0, 8).flatMap((p, i) => [attempt(p.paymentId, 'credit', i % 2 === 0), attempt(p.paymentId, 'credit', false)]);
    await Promise.all(creditRuns);

    const ids = payments.map((p) => p.paymentId);
    const invoices: Array<{ payment_id: string; number: number }> = await app.db.query(
      `SELECT payment_id, number::int AS number FROM receipts WHERE payment_id = ANY($1)`,
      [ids],
    );
    const credits: Array<{ payment_id: string; number: number }> = await app.db.query(
      `SELECT payment_id, number::int AS number FROM credit_notes WHERE payment_id = ANY($1)`,
      [ids],
    );
    expect(invoices).toHaveLength(12);
    expect(credits).toHaveLength(8);
    expect(new Set(invoices.map((r) => r.number)).size).toBe(12);
    expect(consecutive(invoices.map((r) => r.number))).toBe(true);
    expect(Math.min(...invoices.map((r) => r.number))).toBe(invoiceStart + 1);
    expect(await before('invoice')).toBe(invoiceStart + 12);
    expect(consecutive(credits.map((r) => r.number))).toBe(true);
    expect(Math.min(...credits.map((r) => r.number))).toBe(creditStart + 1);
    expect(await before('credit_note')).toBe(creditStart + 8);
    // Asking again answers the same document.
    expect((await documents.find(ids[0]))!.number).toBe(String(invoices.find((r) => r.payment_id === ids[0])!.number));
  });
});
