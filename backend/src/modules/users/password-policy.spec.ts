import { GUESSABLE_PASSWORD_MESSAGE } from './password-guessability';
import { IDENTITY_PASSWORD_MESSAGE, passwordProblem, passwordScore, STRENGTH_LABELS, WEAK_PASSWORD_MESSAGE } from './password-policy';

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
    expect(passwordProblem('Kettle-Orbit')).toBeNull();
    expect(passwordProblem('')).toBe('Password is required');
    expect(passwordProblem('Aa1!'.repeat(40))).toMatch(/at most 128/);
  });

  it.each(['Passw0rd!', 'Admin123!', 'Qwerty123!', 'P@ssw0rd2024', 'Welcome1!', 'Abcdefgh', 'Sunshine#77', 'Summer2024!'])(
    'refuses %p: it meets the five criteria but is among the first an attacker tries',
    (password) => {
      expect(passwordScore(password)).toBeGreaterThanOrEqual(3);
      expect(passwordProblem(password)).toBe(GUESSABLE_PASSWORD_MESSAGE);
    },
  );

  it('counts the account’s own words as easy to guess', () => {
    expect(passwordProblem('Holloway2026!')).toBeNull();
    expect(passwordProblem('Holloway2026!', ['margaret.holloway@example.com', 'Margaret Holloway'])).toBe(GUESSABLE_PASSWORD_MESSAGE);
  });

  describe("refuses a password built from the account's own email or name", () => {
    const margaret = ['Margaret.Holloway@Example.com', 'Margaret Holloway'];
    const quentin = ['kettleorbit@example.com', 'Quentin Zabriskie-Vandermeer'];
    const jsmith = ['jsmith1990@mail.example', 'J Smith'];
    it.each([
      ['margaret.holloway@example.com', margaret],
      ['Margaret.Holloway@Example.com', margaret],
      ['Margaret.Holloway1!', margaret],
      ['MargaretHolloway2024!', margaret],
      ['margaret.holloway!', margaret],
      ['Margaret Holloway 1!', margaret],
      ['2024-Holloway#', margaret],
      ['kettleorbit@example.com', quentin],
      ['KettleOrbit@example.com1', quentin],
      ['Quentin Zabriskie-Vandermeer1!', quentin],
      ['QuentinZabriskieVandermeer!', quentin],
      ['Zabriskie-Vandermeer#1', quentin],
      ['Vandermeer!2024', quentin],
      ['JSmith1990!', jsmith],
      ['jsmith1990@mail.example', jsmith],
    ])('%p for %j', (password, related) => {
      expect(passwordScore(password)).toBeGreaterThanOrEqual(3);
      expect(passwordProblem(password, related)).toMatch(new RegExp(`^(${IDENTITY_PASSWORD_MESSAGE}|${GUESSABLE_PASSWORD_MESSAGE.replace(/\./g, '\\.')})$`));
      // Without the account's words the same password passes the identity rule: the refusal comes from the identity.
      expect(passwordProblem(password)).not.toBe(IDENTITY_PASSWORD_MESSAGE);
    });

    it('names the reason when the guessability estimate misses it', () => {
      expect(passwordProblem('margaret.holloway@example.com', margaret)).toBe(IDENTITY_PASSWORD_MESSAGE);
      expect(passwordProblem('QuentinZabriskieVandermeer!', quentin)).toBe(IDENTITY_PASSWORD_MESSAGE);
    });

    it('still accepts passwords that only share a little with the account', () => {
      for (const password of ['Holloway-Kettle-Orbit-29!', 'Zx9#kLm2$pQ', 'Margate-Harbour-77!', 'Blue-Kettle-Orbit-2931!'])
        expect({ password, problem: passwordProblem(password, margaret) }).toEqual({ password, problem: null });
    });
  });

  it('accepts strong passwords', () => {
    for (const password of ['Blue-Kettle-Orbit-2931!', 'Str0ng!Passw0rd-42', 'Tr0ub4dor&3', 'Zx9#kLm2$pQ']) expect(passwordProblem(password)).toBeNull();
  });
});
