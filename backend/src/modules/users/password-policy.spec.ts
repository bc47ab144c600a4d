import { passwordProblem, passwordScore, STRENGTH_LABELS, WEAK_PASSWORD_MESSAGE } from './password-policy';

describe('password policy', () => {
  it.each([
    ['', 0],
    ['abc', 1],
    ['abcdefgh', 2],
    ['Abcdefgh', 3],
    ['Abcdefg1', 4],
    ['Abcdef1!', 5],
    ['AB1!', 3],
  ])('scores %p as %i', (password, score) => {
    expect(passwordScore(password)).toBe(score);
  });

  it('labels scores as the spec does', () => {
    expect([0, 1, 2, 3, 4, 5].map((s) => STRENGTH_LABELS[s])).toEqual(['Very Weak', 'Very Weak', 'Weak', 'Fair', 'Good', 'Strong']);
  });

  it('refuses scores below 3 with the spec message', () => {
    expect(passwordProblem('abcdefgh')).toBe(WEAK_PASSWORD_MESSAGE);
    expect(passwordProblem('Abcdefgh')).toBeNull();
    expect(passwordProblem('')).toBe('Password is required');
    expect(passwordProblem('Aa1!'.repeat(40))).toMatch(/at most 128/);
  });
});
