import { useCallback, useSyncExternalStore } from 'react';
import { onSiteTimeZoneChange, siteTimeZone } from './format';
import { i18n } from './i18n';

/** Looks up an interface text by id ("auth.login.title"), with the values its ICU message inserts and counts. */
export type Translate = (id: string, values?: Record<string, unknown>) => string;

const subscribe = (onChange: () => void) => {
  const offLanguage = i18n.on('change', onChange);
  const offZone = onSiteTimeZoneChange(onChange);
  return () => {
    offLanguage();
    offZone();
  };
};
/** The language, and the site's time zone the dates are written in: a change of either draws the texts again. */
const current = () => `${i18n.locale}|${siteTimeZone() ?? ''}`;

/**
 * The interface texts for a component, re-rendering it when the language
 * changes (a language's strings are loaded before it is switched to).
 * Lingui does the lookup, the interpolation and the plurals; this only ties
 * its `change` event to React (the part react-i18next's hook of the same name
 * played for i18next), without a provider, so every screen and test renders
 * as it is.
 */
export function useTranslation(): { t: Translate; language: string } {
  const snapshot = useSyncExternalStore(subscribe, current, current);
  // A new function per language (and zone), so memoised children that take `t` draw again too.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const t = useCallback<Translate>((id, values) => i18n._(id, values), [snapshot]);
  return { t, language: snapshot.slice(0, snapshot.indexOf('|')) };
}
