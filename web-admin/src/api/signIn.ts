import { api } from './http';
import type { SessionResult, TwoFactorChallenge } from './types';

/** The admin sign-in's steps (no session yet, so outside the data provider). */
export const signIn = {
  password: (email: string, password: string) => api('post', '/api/admin/login', { body: { email, password } }),
  setup: (challenge: string) => api('post', '/api/admin/login/two-factor/setup', { body: { challenge } }),
  code: (challenge: string, code: string) => api('post', '/api/admin/login/two-factor', { body: { challenge, code } }),
};

export const needsSecondFactor = (answer: SessionResult | TwoFactorChallenge): answer is TwoFactorChallenge =>
  'twoFactorRequired' in answer && answer.twoFactorRequired === true;
