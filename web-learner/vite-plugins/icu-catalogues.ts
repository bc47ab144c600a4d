import { compileMessage } from '@lingui/message-utils/compileMessage';
import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

/** The interface-string catalogues: src/i18n/locales/<name>.json. */
const CATALOGUE = /[\\/]src[\\/]i18n[\\/]locales[\\/][\w-]+\.json$/;

interface SourceMessages {
  [key: string]: string | SourceMessages;
}

/**
 * One catalogue as Lingui reads it: nested sections flattened to dotted ids
 * ("auth.login.title"), each ICU MessageFormat text compiled to Lingui's
 * tokens. A text that is not valid ICU fails the build, naming its id.
 */
export function compileCatalogue(messages: SourceMessages, file: string, prefix = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  for (const [key, value] of Object.entries(messages)) {
    const id = prefix ? `${prefix}.${key}` : key;
    if (typeof value !== 'string') {
      compileCatalogue(value, file, id, out);
      continue;
    }
    try {
      out[id] = compileMessage(value);
    } catch (error) {
      throw new Error(`${file}: "${id}" is not a valid ICU message: ${(error as Error).message}`, { cause: error });
    }
  }
  return out;
}

/**
 * Compiles the catalogues while the app is built (and in Vitest, which uses
 * this config), so the browser gets Lingui's ready tokens and no message
 * parser: the JSON module a catalogue import yields is the compiled one.
 */
export function icuCatalogues(): Plugin {
  return {
    name: 'icu-catalogues',
    enforce: 'pre',
    async load(id) {
      if (!CATALOGUE.test(id)) return null;
      this.addWatchFile(id);
      const source = JSON.parse(await readFile(id, 'utf8')) as SourceMessages;
      // Still JSON: Vite's own JSON plugin turns it into the module.
      return JSON.stringify(compileCatalogue(source, id));
    },
  };
}
