import { describe, expect, it } from 'vitest';
import { formatCountdown, sessionState, tokenTimes } from '../sessionClock';

const base = { idleTimeoutSeconds: 1800, warningSeconds: 120, absoluteEnd: 12 * 3600_000 };
const at = (seconds: number) => seconds * 1000;

describe('the admin session clock', () => {
  const token = { iat: 0, exp: 1800 };

  it('renews a token once the admin was active after it was issued and it is a minute old', () => {
    expect(sessionState({ ...base, token, now: at(30), lastActivity: at(10) })).toEqual({ kind: 'ok' });
    expect(sessionState({ ...base, token, now: at(61), lastActivity: at(10) })).toEqual({ kind: 'renew' });
    expect(sessionState({ ...base, token, now: at(1700), lastActivity: at(1690) })).toEqual({ kind: 'renew' });
  });

  it('a short timeout renews after a third of it', () => {
    expect(sessionState({ ...base, idleTimeoutSeconds: 30, warningSeconds: 15, token: { iat: 0, exp: 30 }, now: at(9), lastActivity: at(1) })).toEqual({
      kind: 'ok',
    });
    expect(sessionState({ ...base, idleTimeoutSeconds: 30, warningSeconds: 15, token: { iat: 0, exp: 30 }, now: at(10), lastActivity: at(1) })).toEqual({
      kind: 'renew',
    });
  });

  it('warns an idle admin in the last two minutes, then the session is over', () => {
    expect(sessionState({ ...base, token, now: at(1679), lastActivity: -1 })).toEqual({ kind: 'ok' });
    expect(sessionState({ ...base, token, now: at(1680), lastActivity: -1 })).toEqual({ kind: 'warn', secondsLeft: 120, final: false });
    expect(sessionState({ ...base, token, now: at(1800), lastActivity: -1 })).toEqual({ kind: 'expired', reason: 'idle' });
  });

  it('cannot renew at the absolute end: the warning is final and the end says why', () => {
    const capped = { iat: 42000, exp: 43200 };
    expect(sessionState({ ...base, token: capped, now: at(43100), lastActivity: at(43099) })).toEqual({ kind: 'warn', secondsLeft: 100, final: true });
    expect(sessionState({ ...base, token: capped, now: at(43200), lastActivity: at(43199) })).toEqual({ kind: 'expired', reason: 'limit' });
  });

  it('reads the times from the token and formats the countdown', () => {
    const payload = btoa(JSON.stringify({ iat: 5, exp: 65, sub: 'x' })).replace(/=+$/, '');
    expect(tokenTimes(`h.${payload}.s`)).toEqual({ iat: 5, exp: 65 });
    expect(tokenTimes('garbage')).toBeNull();
    expect(tokenTimes(null)).toBeNull();
    expect(formatCountdown(125)).toBe('2:05');
    expect(formatCountdown(-3)).toBe('0:00');
  });
});
