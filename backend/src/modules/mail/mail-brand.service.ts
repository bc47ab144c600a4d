import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { appConfig } from '../../config';
import { ianaZone, SettingsService } from '../settings';
import type { MailBrand } from './templates';

/** The sender of every mail as Settings > General describe it now: site name, support contact (the admin email when none is set), public address. */
@Injectable()
export class MailBrandService {
  constructor(
    private readonly settings: SettingsService,
    @Inject(appConfig.KEY) private readonly app: ConfigType<typeof appConfig>,
  ) {}

  async brand(): Promise<MailBrand> {
    const general = await this.settings.get('general');
    return {
      siteName: general.siteName,
      publicUrl: this.app.publicUrl,
      supportEmail: general.supportEmail || general.adminEmail,
      supportUrl: general.supportUrl,
      timeZone: ianaZone(general.timezone),
    };
  }
}
