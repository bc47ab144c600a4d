export { SettingsModule } from './settings.module';
export { SettingsService } from './settings.service';
export {
  ianaZone,
  parseTaxRates,
  taxRateFor,
  SALE_CURRENCIES,
  SECRET_MASK,
  SITE_LANGUAGES,
  siteLanguage,
  type SectionName,
  type SectionValues,
  type SiteLanguage,
} from './settings.schema';
