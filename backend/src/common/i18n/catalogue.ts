import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import deCommon from './locales/de/common.json';
import deDocuments from './locales/de/documents.json';
import enCommon from './locales/en/common.json';
import enDocuments from './locales/en/documents.json';
import esCommon from './locales/es/common.json';
import esDocuments from './locales/es/documents.json';
import frCommon from './locales/fr/common.json';
import frDocuments from './locales/fr/documents.json';
import deMail from './locales/de/mail.json';
import enMail from './locales/en/mail.json';
import esMail from './locales/es/mail.json';
import frMail from './locales/fr/mail.json';
import deMessages from './locales/de/messages.json';
import enMessages from './locales/en/messages.json';
import esMessages from './locales/es/messages.json';
import frMessages from './locales/fr/messages.json';
import { LANGUAGES, type Language } from './languages';

/**
 * The catalogue of each language, one file per area (locales/<language>/<area>.json, its texts under a section of
 * the area's name): add an area's four files here. Each area's ids live in one file, so work on one area does not
 * touch another's.
 */
/** The English areas together: what types the ids. */
type English = typeof enCommon & typeof enDocuments & typeof enMail & typeof enMessages;
export const AREAS: Record<Language, SourceMessages[]> = {
  en: [enCommon, enDocuments, enMail, enMessages],
  es: [esCommon, esDocuments, esMail, esMessages],
  fr: [frCommon, frDocuments, frMail, frMessages],
  de: [deCommon, deDocuments, deMail, deMessages],
};

/**
 * The server's texts for customers (mails, PDFs, error messages), in ICU
 * MessageFormat like the learner app's (`{name}`, `{count, plural, one {#
 * lesson} other {# lessons}}`): locales/<language>/<area>.json, sections nested,
 * ids dotted ("mail.receipt.subject"). Lingui does the lookup, the values
 * and the plurals; the texts are compiled once, when the module loads (an
 * invalid one stops the boot, naming its id). catalogue.spec.ts checks the
 * four agree: same ids, same placeholders, each language's plural forms.
 */
export interface SourceMessages {
  [key: string]: string | SourceMessages;
}

/** Every id of the English catalogue, dotted: a typo in an id is a type error. */
type Flatten<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Flatten<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type MessageId = Flatten<English>;

export type MessageValues = Record<string, string | number | Date | null | undefined>;

/** A catalogue's texts by dotted id. */
export function flatten(messages: SourceMessages, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  for (const [key, value] of Object.entries(messages)) {
    const id = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[id] = value;
    else flatten(value, id, out);
  }
  return out;
}

export function compileCatalogue(messages: SourceMessages, name: string): Messages {
  const out: Messages = {};
  for (const [id, text] of Object.entries(flatten(messages))) {
    try {
      out[id] = compileMessage(text);
    } catch (err) {
      throw new Error(`Catalogue ${name}: "${id}" is not a valid ICU message: ${(err as Error).message}`, { cause: err });
    }
  }
  return out;
}

export const SOURCES: Record<Language, SourceMessages> = Object.fromEntries(
  LANGUAGES.map((language) => [language, Object.assign({}, ...AREAS[language]) as SourceMessages]),
) as Record<Language, SourceMessages>;

const instances = Object.fromEntries(
  LANGUAGES.map((language) => {
    const i18n = setupI18n({ locale: language, messages: { [language]: compileCatalogue(SOURCES[language], `${language}.json`) } });
    return [language, i18n];
  }),
) as Record<Language, I18n>;

/** A text in a language, its values inserted and its plurals chosen by that language's rules (numbers formatted for it). */
export function translate(language: Language, id: MessageId, values?: MessageValues): string {
  return instances[language]._(id, values);
}

/** Whether the English catalogue has this id (texts that may arrive as plain strings, e.g. an error's code). */
export function isMessageId(id: string): id is MessageId {
  return id in instances.en.messages;
}

/** A function that translates into one language: what a mail or a PDF of one customer takes. */
export type Translator = (id: MessageId, values?: MessageValues) => string;

export function translator(language: Language): Translator {
  return (id, values) => translate(language, id, values);
}
