/** The spec's five strength criteria, each worth one point. */
export const STRENGTH_CRITERIA = [
  { label: 'At least 8 characters', test: (p: string) => p.length >= 8 },
  { label: 'An uppercase letter', test: (p: string) => /[A-Z]/.test(p) },
  { label: 'A lowercase letter', test: (p: string) => /[a-z]/.test(p) },
  { label: 'A number', test: (p: string) => /\d/.test(p) },
  { label: 'A symbol', test: (p: string) => /[^A-Za-z0-9]/.test(p) },
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

export const PASSWORD_MESSAGES = {
  mismatch: 'Passwords do not match',
  weak: 'Please choose a stronger password',
  failed: 'Failed to create account. Please try again.',
  rejected: 'Account creation failed. Please try again.',
} as const;
