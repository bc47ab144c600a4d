import { catalogue, i18n } from '../i18n';
import strings from '../locales/en-checkout.json';

/**
 * The English of checkout: the payment page.
 * Imported by each module that shows these texts, so the English rides with
 * the screens' own code and a first visit to another screen does not carry it.
 */
i18n.load('en', catalogue(strings));
