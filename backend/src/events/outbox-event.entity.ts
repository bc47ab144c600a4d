import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The transactional outbox, kept as the append-only event log. */
@Entity('outbox_events')
export class OutboxEvent {
  @PrimaryColumn('uuid')
  id: string;

  @Column('varchar', { length: 64 })
  type: string;

  @Column('varchar', { name: 'aggregate_type', length: 64 })
  aggregateType: string;

  @Column('varchar', { name: 'aggregate_id', length: 64 })
  aggregateId: string;

  @Column('jsonb')
  payload: Record<string, unknown>;

  @Column('timestamptz', { name: 'occurred_at' })
  occurredAt: Date;

  @Column('timestamptz', { name: 'published_at', nullable: true })
  publishedAt: Date | null;
}
