import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Lifetime access. Granted by a confirmed payment (one per payment) or by an admin; revoked by a refund or an admin. */
@Entity('entitlements')
export class Entitlement {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'user_id', nullable: true })
  userId: string | null;

  @Column('varchar', { length: 254 })
  email: string;

  @Column('uuid', { name: 'payment_id', nullable: true })
  paymentId: string | null;

  @Column('varchar', { length: 16 })
  source: 'payment' | 'admin' | 'seed';

  @Column('timestamptz', { name: 'granted_at' })
  grantedAt: Date;

  @Column('timestamptz', { name: 'revoked_at', nullable: true })
  revokedAt: Date | null;

  @Column('text', { nullable: true })
  reason: string | null;
}
