import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';

/**
 * Guessability (zxcvbn-ts with its common-password and keyboard-pattern
 * dictionaries): a password that meets the spec's five criteria can still be
 * one of the first passwords an attacker tries ("Passw0rd!", "Admin123!").
 * Scores run 0-4; below MIN_GUESS_SCORE (fewer than about 10^8 guesses)
 * is refused. The web apps run the same check for their strength meter.
 */
export const MIN_GUESS_SCORE = 3;
export const GUESSABLE_PASSWORD_MESSAGE = 'This password is too common or easy to guess. Please choose a less predictable one.';

let factory: ZxcvbnFactory | undefined;

function zxcvbn(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
  return factory;
}

/** The zxcvbn score (0-4); `related` are words of the account (email, name, site name) that make a password easier to guess. */
export function guessScore(password: string, related: readonly string[] = []): number {
  const inputs = related.flatMap((text) => text.toLowerCase().split(/[^a-z0-9]+/)).filter((word) => word.length >= 3);
  return zxcvbn().check(password.slice(0, 100), inputs).score;
}
