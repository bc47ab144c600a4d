import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { mergeTranslations } from 'react-admin';

/**
 * react-admin's English, with specific success messages instead of its
 * generic "Element created" / "Element updated" ("Course saved", "User created",
 * "3 users deleted").
 */
export const MESSAGES = mergeTranslations(englishMessages, {
  resources: {
    courses: { notifications: { created: 'Course saved', updated: 'Course saved', deleted: 'Course deleted |||| %{smart_count} courses deleted' } },
    users: {
      notifications: {
        created: 'User created',
        updated: 'User updated',
        deleted: 'User deleted |||| %{smart_count} users deleted',
      },
    },
    payments: { notifications: { updated: 'Payment updated' } },
  },
});

export const i18nProvider = polyglotI18nProvider(() => MESSAGES, 'en', [{ locale: 'en', name: 'English' }], { allowMissing: true });
