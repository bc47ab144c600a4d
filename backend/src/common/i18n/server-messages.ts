import { SOURCES, translate, type MessageId, type SourceMessages } from './catalogue';
import type { Language } from './languages';

/**
 * The server's messages to people (validation errors, error answers, field
 * messages) are written in English in the code, and the English text is the
 * key: locales/<language>/messages.json holds each under an id, with
 * `{placeholders}` where the code inserts a value ("Please wait {seconds}
 * seconds"). An answer is translated on its way out (the exception filter),
 * so a service throws one message and the API, its tests and its logs keep
 * the English one. A text the catalogue does not know stays as written.
 */
const english = SOURCES.en.messages as SourceMessages;

const exact = new Map<string, MessageId>();
const patterns: Array<{ id: MessageId; pattern: RegExp; names: string[] }> = [];

for (const [key, text] of Object.entries(english)) {
  if (typeof text !== 'string') continue;
  const id = `messages.${key}` as MessageId;
  const names = [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  if (names.length === 0) {
    exact.set(text, id);
    continue;
  }
  const source = text
    .split(/\{\w+\}/)
    .map((literal) => literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('(.+?)');
  patterns.push({ id, pattern: new RegExp(`^${source}$`), names });
}

/** The catalogue id of an English server message, with the values its placeholders took, or null. */
export function messageIdOf(text: string): { id: MessageId; values: Record<string, string> } | null {
  const id = exact.get(text);
  if (id) return { id, values: {} };
  for (const { id: patternId, pattern, names } of patterns) {
    const match = pattern.exec(text);
    if (match) return { id: patternId, values: Object.fromEntries(names.map((name, i) => [name, match[i + 1]])) };
  }
  return null;
}

/** An English server message in another language (unchanged when the catalogue does not have it). */
export function localiseMessage(text: string, language: Language): string {
  if (language === 'en') return text;
  const found = messageIdOf(text);
  return found ? translate(language, found.id, found.values) : text;
}
