import { GUESSABLE_PASSWORD_MESSAGE, guessScore, MIN_GUESS_SCORE } from './password-guessability';

/**
 * The password rule, shared by every place that sets a password: the spec's
 * five criteria (8+ characters, uppercase, lowercase, digit, symbol; a score
 * below 3 is refused), and then not common or guessable (zxcvbn, with the
 * account's own words counted as easy to guess).
 */
export const PASSWORD_MIN_SCORE = 3;
export const PASSWORD_MAX_LENGTH = 128;
export const WEAK_PASSWORD_MESSAGE = 'Please choose a stronger password';

export const STRENGTH_LABELS = ['Very Weak', 'Very Weak', 'Weak', 'Fair', 'Good', 'Strong'] as const;

export function passwordScore(password: string): number {
  return [password.length >= 8, /[A-Z]/.test(password), /[a-z]/.test(password), /\d/.test(password), /[^A-Za-z0-9]/.test(password)].filter(Boolean).length;
}

/** The message to show, or null when the password is acceptable. `related`: the account's email, name... */
export function passwordProblem(password: unknown, related: readonly string[] = []): string | null {
  if (typeof password !== 'string' || password.length === 0) return 'Password is required';
  if (password.length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
  if (passwordScore(password) < PASSWORD_MIN_SCORE) return WEAK_PASSWORD_MESSAGE;
  return guessScore(password, related) < MIN_GUESS_SCORE ? GUESSABLE_PASSWORD_MESSAGE : null;
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
