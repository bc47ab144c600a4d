import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { queryOne } from '../../database/sql.repository';

/** receipts: the number of each paid payment's receipt, issued once. */
@Injectable()
export class ReceiptsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The payment's receipt number, issuing the next one the first time (concurrent callers get the same). */
  async issue(manager: EntityManager, paymentId: string): Promise<{ number: string; issued_at: Date }> {
    const inserted = await queryOne<{ number: string; issued_at: Date }>(
      manager,
      `INSERT INTO receipts (payment_id) VALUES ($1) ON CONFLICT (payment_id) DO NOTHING RETURNING number::text, issued_at`,
      [paymentId],
    );
    return inserted ?? (await this.find(paymentId, manager))!;
  }

  find(paymentId: string, manager: EntityManager = this.dataSource.manager): Promise<{ number: string; issued_at: Date } | undefined> {
    return queryOne(manager, `SELECT number::text, issued_at FROM receipts WHERE payment_id = $1`, [paymentId]);
  }
}
