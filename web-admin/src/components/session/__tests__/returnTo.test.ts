import { beforeEach, describe, expect, it } from 'vitest';
import { forgetReturn, rememberReturn, returnTarget, sessionEndReason } from '../returnTo';

beforeEach(() => localStorage.clear());

describe('return after sign-in', () => {
  it('goes where the admin was sent from, else where the session ended, else the overview', () => {
    expect(returnTarget()).toBe('/overview');
    rememberReturn('/users?filter=x', 'idle');
    expect(returnTarget()).toBe('/users?filter=x');
    expect(returnTarget('/courses/4/show')).toBe('/courses/4/show');
    expect(sessionEndReason()).toBe('idle');
    forgetReturn();
    expect(returnTarget()).toBe('/overview');
    expect(sessionEndReason()).toBeNull();
  });

  it('never returns to the sign-in page or another origin', () => {
    rememberReturn('/login');
    expect(returnTarget()).toBe('/overview');
    expect(returnTarget('//evil.example.com/x')).toBe('/overview');
    expect(returnTarget('https://evil.example.com')).toBe('/overview');
    expect(returnTarget('/')).toBe('/overview');
  });
});
