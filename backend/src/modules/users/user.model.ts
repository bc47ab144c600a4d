import type { Language } from '../../common/i18n';

export const ROLES = ['student', 'admin'] as const;
export const STATUSES = ['active', 'inactive', 'suspended'] as const;
export const PLANS = ['free', 'premium', 'lifetime'] as const;

export type UserRole = (typeof ROLES)[number];
export type UserStatus = (typeof STATUSES)[number];
export type UserPlan = (typeof PLANS)[number];

/** A user as the users repository reads it (the password hash only where asked for). */
export interface UserRow {
  id: string;
  name: string;
  email: string;
  role: UserRole;
  status: UserStatus;
  plan: UserPlan;
  join_date: string;
  last_login_at: Date | null;
  /** Bumped to end every session of the user at once (sign out everywhere, suspension, password change). */
  token_version: number;
  created_at: Date;
  updated_at: Date;
  /** An active entitlement (lifetime access) exists. */
  has_access: boolean;
  /** The language the customer is served in (null: the site's, Settings > General > Language). */
  language: Language | null;
}

export type UserWithPassword = UserRow & { password_hash: string };

export const DUPLICATE_EMAIL = 'A user with this email already exists';
