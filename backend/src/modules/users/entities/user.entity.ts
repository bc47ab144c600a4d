import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export const ROLES = ['student', 'admin'] as const;
export const STATUSES = ['active', 'inactive', 'suspended'] as const;
export const PLANS = ['free', 'premium', 'lifetime'] as const;
export type UserRole = (typeof ROLES)[number];
export type UserStatus = (typeof STATUSES)[number];
export type UserPlan = (typeof PLANS)[number];

@Entity('users')
export class User {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('varchar', { length: 120 })
  name: string;

  @Column('varchar', { length: 254 })
  email: string;

  @Column('varchar', { name: 'password_hash', length: 255, select: false })
  passwordHash: string;

  @Column('varchar', { length: 16, default: 'student' })
  role: UserRole;

  @Column('varchar', { length: 16, default: 'active' })
  status: UserStatus;

  @Column('varchar', { length: 16, default: 'free' })
  plan: UserPlan;

  @Column('date', { name: 'join_date' })
  joinDate: string;

  @Column('timestamptz', { name: 'last_login_at', nullable: true })
  lastLoginAt: Date | null;

  /** Bumped to end every session of the user at once (sign out everywhere, suspension, password change). */
  @Column('int', { name: 'token_version', default: 0 })
  tokenVersion: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
