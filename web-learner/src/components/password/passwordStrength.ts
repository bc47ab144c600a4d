/** The spec's five strength criteria, each worth one point. */
export const STRENGTH_CRITERIA = [
  { key: 'length', label: 'At least 8 characters', test: (p: string) => p.length >= 8 },
  { key: 'upper', label: 'An uppercase letter', test: (p: string) => /[A-Z]/.test(p) },
  { key: 'lower', label: 'A lowercase letter', test: (p: string) => /[a-z]/.test(p) },
  { key: 'number', label: 'A number', test: (p: string) => /\d/.test(p) },
  { key: 'symbol', label: 'A symbol', test: (p: string) => /[^A-Za-z0-9]/.test(p) },
] as const;

export const MIN_STRENGTH = 3;

export function passwordScore(password: string): number {
  return STRENGTH_CRITERIA.filter((c) => c.test(password)).length;
}

/** 0-1 Very Weak, 2 Weak, 3 Fair, 4 Good, 5 Strong. */
export function strengthLabel(score: number): 'Very Weak' | 'Weak' | 'Fair' | 'Good' | 'Strong' {
  if (score <= 1) return 'Very Weak';
  return (['Weak', 'Fair', 'Good', 'Strong'] as const)[Math.min(score, 5) - 2];
}

/** The interface text key of each strength label (i18n: password.levels.*). */
export const STRENGTH_LEVEL_KEYS = { 'Very Weak': 'veryWeak', Weak: 'weak', Fair: 'fair', Good: 'good', Strong: 'strong' } as const;

export const PASSWORD_MESSAGES = {
  mismatch: 'Passwords do not match',
  weak: 'Please choose a stronger password',
  failed: 'Failed to create account. Please try again.',
  rejected: 'Account creation failed. Please try again.',
} as const;
