import { catalogue, i18n } from '../i18n';
import strings from '../locales/en-thank-you.json';

/**
 * The English of the thank-you page: the payment's progress and creating the account from it.
 * Imported by each module that shows these texts, so the English rides with
 * the screens' own code and a first visit to another screen does not carry it.
 */
i18n.load('en', catalogue(strings));
