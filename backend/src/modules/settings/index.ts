export { SettingsModule } from './settings.module';
export { SettingsService } from './settings.service';
export { ianaZone, SECRET_MASK, type SectionName, type SectionValues } from './settings.schema';
