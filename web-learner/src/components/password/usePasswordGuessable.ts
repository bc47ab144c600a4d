import { useEffect, useState } from 'react';

/** Same rule and words as the server (backend users/password-guessability.ts): zxcvbn-ts, scores below 3 are refused. */
export const MIN_GUESS_SCORE = 3;
export const GUESSABLE_MESSAGE = 'This password is too common or easy to guess. Please choose a less predictable one.';

type Scorer = (password: string, related: readonly string[]) => number;
let scorer: Promise<Scorer> | null = null;

/** zxcvbn and its dictionaries (a few hundred KB) load only on the pages that set a password, once. */
function loadScorer(): Promise<Scorer> {
  scorer ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(([core, common]) => {
    const factory = new core.ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
    return (password, related) => {
      const inputs = related.flatMap((text) => text.toLowerCase().split(/[^a-z0-9]+/)).filter((word) => word.length >= 3);
      return factory.check(password.slice(0, 100), inputs).score;
    };
  });
  return scorer;
}

/** Whether a password is among the first an attacker would try (false while the checker loads, or for an empty password). */
export function usePasswordGuessable(password: string, related: readonly string[] = []): boolean {
  const [guessable, setGuessable] = useState(false);
  const key = related.join('\n');
  useEffect(() => {
    let current = true;
    if (password === '') {
      setGuessable(false);
      return;
    }
    void loadScorer().then((score) => {
      if (current) setGuessable(score(password, key ? key.split('\n') : []) < MIN_GUESS_SCORE);
    });
    return () => {
      current = false;
    };
  }, [password, key]);
  return guessable;
}
