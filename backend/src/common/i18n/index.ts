export {
  compileCatalogue,
  flatten,
  isMessageId,
  SOURCES,
  translate,
  translator,
  type MessageId,
  type MessageValues,
  type SourceMessages,
  type Translator,
} from './catalogue';
export { countryName, COUNTRY_CODES, isCountryCode, type CountryCode } from './countries';
export { formatDate, formatDateTime, formatLongDate, formatMoney, formatNumber, formatPercent, type Formatting } from './format';
export {
  chooseLanguage,
  DEFAULT_LANGUAGE,
  fromAcceptLanguage,
  INTERFACE_LANGUAGE_HEADER,
  isLanguage,
  LANGUAGES,
  requestLanguage,
  type Language,
} from './languages';
export { localiseMessage, messageIdOf } from './server-messages';
