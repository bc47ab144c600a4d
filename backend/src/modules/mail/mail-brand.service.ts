import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../common/i18n';
import { appConfig } from '../../config';
import { ianaZone, SettingsService } from '../settings';
import type { MailBrand } from './templates';

/**
 * The sender of every mail as Settings > General describe it now: site name,
 * support contact (the admin email when none is set), public address, time
 * zone; and the reader's language.
 */
@Injectable()
export class MailBrandService {
  constructor(
    private readonly settings: SettingsService,
    @Inject(appConfig.KEY) private readonly app: ConfigType<typeof appConfig>,
  ) {}

  /** For the site's administrators: English, the console's language. */
  brand(): Promise<MailBrand> {
    return this.build(() => DEFAULT_LANGUAGE);
  }

  /** For a customer in their language (an account's or a checkout's); null: the site's (Settings > General > Language, English for `auto`). */
  brandFor(language: Language | null | undefined): Promise<MailBrand> {
    return this.build((siteOption) => (isLanguage(language) ? language : isLanguage(siteOption) ? siteOption : DEFAULT_LANGUAGE));
  }

  private async build(languageFor: (siteOption: string) => Language): Promise<MailBrand> {
    const general = await this.settings.get('general');
    return {
      siteName: general.siteName,
      publicUrl: this.app.publicUrl,
      supportEmail: general.supportEmail || general.adminEmail,
      supportUrl: general.supportUrl,
      timeZone: ianaZone(general.timezone),
      language: languageFor(general.language),
    };
  }
}
