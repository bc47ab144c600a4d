import { GUESSABLE_PASSWORD_MESSAGE, guessScore, MIN_GUESS_SCORE } from './password-guessability';

/**
 * The password rule, shared by every place that sets a password: the spec's
 * five criteria (8+ characters, uppercase, lowercase, digit, symbol; a score
 * below 3 is refused), then not common or guessable (zxcvbn, with the
 * account's own words counted as easy to guess), and not the account's own
 * email or name with a few digits or symbols added.
 */
export const PASSWORD_MIN_SCORE = 3;
export const PASSWORD_MAX_LENGTH = 128;
export const WEAK_PASSWORD_MESSAGE = 'Please choose a stronger password';

export const STRENGTH_LABELS = ['Very Weak', 'Very Weak', 'Weak', 'Fair', 'Good', 'Strong'] as const;

export function passwordScore(password: string): number {
  return [password.length >= 8, /[A-Z]/.test(password), /[a-z]/.test(password), /\d/.test(password), /[^A-Za-z0-9]/.test(password)].filter(Boolean).length;
}

export const IDENTITY_PASSWORD_MESSAGE = 'Please choose a password that is not your email or name';

/** Letters and digits only, lower case: "Margaret.Holloway!" and "margaret holloway" are the same word. */
const squash = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * What a password "built from the account" is built from: each email whole,
 * its local part and each name, and every run of their consecutive words
 * ("Quentin Zabriskie-Vandermeer": quentin, zabriskie, vandermeer,
 * zabriskievandermeer...), squashed, of 3 or more letters or digits.
 */
function identityWords(related: readonly string[]): string[] {
  const words = new Set<string>();
  for (const text of related) {
    const lower = text.trim().toLowerCase();
    const at = lower.lastIndexOf('@');
    if (at > 0) words.add(squash(lower));
    const parts = (at > 0 ? lower.slice(0, at) : lower).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    for (let from = 0; from < parts.length; from++) for (let to = from + 1; to <= parts.length; to++) words.add(parts.slice(from, to).join(''));
  }
  return [...words].filter((word) => word.length >= 3);
}

/**
 * Whether the password is the account's email, the email's local part, its
 * name or one of their words, whatever the case, the punctuation and the
 * digits or symbols added before or after ("Margaret.Holloway1!",
 * "margaret.holloway@example.com", "2024Holloway#").
 */
export function builtFromIdentity(password: string, related: readonly string[]): boolean {
  const squashed = squash(password);
  return identityWords(related).some((word) => {
    const at = squashed.indexOf(word);
    return at >= 0 && /^\d*$/.test(squashed.slice(0, at)) && /^\d*$/.test(squashed.slice(at + word.length));
  });
}

/**
 * The message to show, or null when the password is acceptable. `related`:
 * the account's email and name (and other words of it), which the password
 * may not be built from.
 */
export function passwordProblem(password: unknown, related: readonly string[] = []): string | null {
  if (typeof password !== 'string' || password.length === 0) return 'Password is required';
  if (password.length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
  if (passwordScore(password) < PASSWORD_MIN_SCORE) return WEAK_PASSWORD_MESSAGE;
  if (guessScore(password, related) < MIN_GUESS_SCORE) return GUESSABLE_PASSWORD_MESSAGE;
  return builtFromIdentity(password, related) ? IDENTITY_PASSWORD_MESSAGE : null;
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
