import type { Language } from '../../common/i18n';
import type { IUserByIdResult } from './users.repository.types';

export const ROLES = ['student', 'admin'] as const;
export const STATUSES = ['active', 'inactive', 'suspended'] as const;
export const PLANS = ['free', 'premium', 'lifetime'] as const;

export type UserRole = (typeof ROLES)[number];
export type UserStatus = (typeof STATUSES)[number];
export type UserPlan = (typeof PLANS)[number];

/**
 * A user as the users repository reads it (the password hash only where
 * asked for): the row of its statement as generated from the schema
 * (users.repository.types.ts, `npm run db:types`), so a column renamed in a
 * migration renames or removes the field here and every reader of it stops
 * type-checking, with the text columns the schema's checks restrict narrowed
 * to their values. token_version is bumped to end every session of the user
 * at once (sign out everywhere, suspension, password change); has_access:
 * an active entitlement (lifetime access) exists; language: the language
 * the customer is served in (null: the site's, Settings > General >
 * Language).
 */
export type UserRow = Omit<IUserByIdResult, 'role' | 'status' | 'plan' | 'language'> & {
  role: UserRole;
  status: UserStatus;
  plan: UserPlan;
  language: Language | null;
};

export type UserWithPassword = UserRow & { password_hash: string };

export const DUPLICATE_EMAIL = 'A user with this email already exists';
