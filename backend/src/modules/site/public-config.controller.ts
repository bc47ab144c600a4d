import { Controller, Get, Inject } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { OpenDuringMaintenance } from '../../common/auth/decorators';
import { Public } from '../../common/auth/public.decorator';
import { appConfig } from '../../config';
import { PaymentsService, Pricing } from '../payments';
import { ianaZone, SettingsService, siteLanguage } from '../settings';
import { PASSWORD_MIN_SCORE } from '../users';
import { PublicConfig } from './dto/public-config.dto';

@ApiTags('public')
@Controller('public-config')
export class PublicConfigController {
  constructor(
    private readonly settings: SettingsService,
    private readonly payments: PaymentsService,
    private readonly pricing: Pricing,
    @Inject(appConfig.KEY) private readonly app: ConfigType<typeof appConfig>,
  ) {}

  @Public()
  @OpenDuringMaintenance()
  @Get()
  @ApiOperation({ summary: 'What both web apps need before sign-in: site name, price, payment networks, password policy, demo mode' })
  @ApiOkResponse({ type: PublicConfig })
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
