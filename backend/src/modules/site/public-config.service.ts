import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { appConfig } from '../../config';
import { PaymentsService, Pricing } from '../payments';
import { ianaZone, SettingsService, siteLanguage } from '../settings';
import { PASSWORD_MIN_SCORE } from '../users';
import type { PublicConfig } from './dto/public-config.dto';

/** The public configuration: what both web apps need before sign-in (GET /api/public-config), and what the public pages are rendered with. */
@Injectable()
export class PublicConfigService {
  constructor(
    private readonly settings: SettingsService,
    private readonly payments: PaymentsService,
    private readonly pricing: Pricing,
    @Inject(appConfig.KEY) private readonly app: ConfigType<typeof appConfig>,
  ) {}

  async get(): Promise<PublicConfig> {
    const [general, system, offered, price, methods] = await Promise.all([
      this.settings.get('general'),
      this.settings.get('system'),
      this.payments.offered(),
      this.pricing.current(),
      this.payments.methods(),
    ]);
    const config: PublicConfig = {
      siteName: general.siteName,
      siteDescription: general.siteDescription,
      timeZone: ianaZone(general.timezone),
      language: siteLanguage(general.language),
      price,
      paymentMethods: methods,
      currencies: offered.map((c) => ({ code: c.code, name: c.name, networks: c.networks.map((n) => n.name) })),
      passwordPolicy: { minScore: PASSWORD_MIN_SCORE },
      demoMode: this.app.demoMode,
      maintenanceMode: system.maintenanceMode,
      groupChatUrl: general.groupChatUrl,
      support: { email: general.supportEmail || general.adminEmail, url: general.supportUrl },
      seller: { name: general.sellerName || general.siteName, address: general.sellerAddress },
    };
    if (this.app.demoMode) {
      config.demoCredentials = {
        admin: { email: this.app.demoAdminEmail, password: this.app.demoAdminPassword },
        learner: { email: this.app.demoLearnerEmail, password: this.app.demoLearnerPassword },
      };
    }
    return config;
  }
}
