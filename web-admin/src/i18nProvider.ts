import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { mergeTranslations, type I18nProvider } from 'react-admin';

/** What each resource's records are called: one and many, in lower case as they read in a sentence. */
const NOUNS: Record<string, [one: string, many: string]> = {
  users: ['user', 'users'],
  courses: ['course', 'courses'],
  payments: ['payment', 'payments'],
  coupons: ['coupon', 'coupons'],
  affiliates: ['affiliate', 'affiliates'],
  'affiliate-payouts': ['payout batch', 'payout batches'],
  'audit-log': ['audit entry', 'audit entries'],
  'support-messages': ['support message', 'support messages'],
  reviews: ['review', 'reviews'],
  certificates: ['certificate', 'certificates'],
  'lesson-questions': ['question', 'questions'],
  'affiliate-programs': ['affiliate program', 'affiliate programs'],
  'tool-categories': ['tool category', 'tool categories'],
  tools: ['tool', 'tools'],
  automations: ['automation template', 'automation templates'],
  bots: ['bot', 'bots'],
  content: ['content item', 'content items'],
  'cloud-folders': ['cloud folder', 'cloud folders'],
  testimonials: ['testimonial', 'testimonials'],
};

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A resource's name and its own messages: "Coupon created", "No questions yet", "No questions match the current filters." */
function resourceMessages([one, many]: [string, string]) {
  return {
    name: `${capital(one)} |||| ${capital(many)}`,
    empty: `No ${many} yet`,
    none_matching: `No ${many} match the current filters.`,
    notifications: {
      created: `${capital(one)} created`,
      updated: `${capital(one)} updated |||| %{smart_count} ${many} updated`,
      deleted: `${capital(one)} deleted |||| %{smart_count} ${many} deleted`,
    },
  };
}

/**
 * react-admin's English, with specific messages instead of its generic ones:
 * "Coupon created" instead of "Element created", "No questions yet" instead of
 * "No Lesson-questions found" (and a few of the spec's own: "Course saved").
 */
export const MESSAGES = mergeTranslations(
  englishMessages,
  {
    resources: Object.fromEntries(Object.entries(NOUNS).map(([resource, noun]) => [resource, resourceMessages(noun)])),
  },
  {
    resources: {
      courses: { notifications: { created: 'Course saved', updated: 'Course saved' } },
    },
  },
);

const polyglot = polyglotI18nProvider(() => MESSAGES, 'en', [{ locale: 'en', name: 'English' }], { allowMissing: true });

/** The list messages react-admin asks for by a generic key with the resource as a value, and the resource's own key for each. */
const PER_RESOURCE: Record<string, string> = {
  'ra.navigation.no_results': 'empty',
  'ra.navigation.no_filtered_results': 'none_matching',
};

/**
 * A grid with no rows asks for `ra.navigation.no_results` with the resource
 * ("No %{name} found", which reads "No Lesson-questions found"); a resource
 * that has a message of its own answers with it instead.
 */
export const i18nProvider: I18nProvider = {
  ...polyglot,
  translate: (key, options) => {
    const own = PER_RESOURCE[key];
    const resource = typeof options?.resource === 'string' ? options.resource : null;
    if (own && resource && NOUNS[resource]) return polyglot.translate(`resources.${resource}.${own}`, options);
    return polyglot.translate(key, options);
  },
};
