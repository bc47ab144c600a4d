import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import type { PublicConfig } from '../../api';
import { loginFailureMessage } from '../loginFailureMessage';

const demo: Pick<PublicConfig, 'demoMode' | 'demoCredentials'> = {
  demoMode: true,
  demoCredentials: { admin: { email: 'admin@example.com', password: 'Admin123!' }, learner: { email: 'l@example.com', password: 'l' } },
};
const production: typeof demo = { ...demo, demoMode: false, demoCredentials: undefined };
const refused = new HttpError('Invalid email or password', 401, { message: 'Invalid email or password' });

describe('the admin login failure message', () => {
  it('in demo mode starts with "Invalid credentials. Use" and gives the demo pair', () => {
    expect(loginFailureMessage(refused, demo)).toBe('Invalid credentials. Use admin@example.com / Admin123!');
  });

  it('outside demo mode is neutral and reveals nothing', () => {
    expect(loginFailureMessage(refused, production)).toBe('Invalid email or password.');
    expect(loginFailureMessage(new HttpError('Forbidden', 403, {}), production)).toBe('Invalid email or password.');
  });

  it("passes on the server's rate-limit message and says when the server was not reached", () => {
    expect(loginFailureMessage(new HttpError('x', 429, { message: 'Too many attempts. Try again in 60 seconds.' }), demo)).toBe(
      'Too many attempts. Try again in 60 seconds.',
    );
    expect(loginFailureMessage(new TypeError('Failed to fetch'), demo)).toBe('The server could not be reached. Please try again.');
  });
});
