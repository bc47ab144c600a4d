import { catalogue, i18n } from '../i18n';
import strings from '../locales/en-auth.json';

/**
 * The English of signing in, recovering a password and every password field (the sign-in screens, account creation, the account page).
 * Imported by each module that shows these texts, so the English rides with
 * the screens' own code and a first visit to another screen does not carry it.
 */
i18n.load('en', catalogue(strings));
