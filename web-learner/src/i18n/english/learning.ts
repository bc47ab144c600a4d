import { catalogue, i18n } from '../i18n';
import strings from '../locales/en-learning.json';

/**
 * The English of the member area's learning screens: the dashboard and its sections, the course viewer, quizzes, ratings and questions.
 * Imported by each module that shows these texts, so the English rides with
 * the screens' own code and a first visit to another screen does not carry it.
 */
i18n.load('en', catalogue(strings));
