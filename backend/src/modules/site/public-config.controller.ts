import { Controller, Get, Inject } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { OpenDuringMaintenance } from '../../common/auth/decorators';
import { Public } from '../../common/auth/public.decorator';
import { appConfig } from '../../config';
import { PRICE } from '../payments/catalogue';
import { PaymentsService } from '../payments/payments.service';
import { SettingsService } from '../settings/settings.service';
import { PASSWORD_MIN_SCORE } from '../users/password-policy';

export interface PublicConfig {
  siteName: string;
  siteDescription: string;
  price: { amount: string; compareAt: string; currency: string };
  currencies: Array<{ code: string; name: string; networks: string[] }>;
  passwordPolicy: { minScore: number };
  demoMode: boolean;
  demoCredentials?: { admin: { email: string; password: string }; learner: { email: string; password: string } };
  maintenanceMode: boolean;
  groupChatUrl: string;
}

@ApiTags('public')
@Controller('public-config')
export class PublicConfigController {
  constructor(
    private readonly settings: SettingsService,
    private readonly payments: PaymentsService,
    @Inject(appConfig.KEY) private readonly app: ConfigType<typeof appConfig>,
  ) {}

  @Public()
  @OpenDuringMaintenance()
  @Get()
  @ApiOperation({ summary: 'What both web apps need before sign-in: site name, price, payment networks, password policy, demo mode' })
  async get(): Promise<PublicConfig> {
    const [general, system, offered] = await Promise.all([this.settings.get('general'), this.settings.get('system'), this.payments.offered()]);
    const config: PublicConfig = {
      siteName: general.siteName,
      siteDescription: general.siteDescription,
      price: { ...PRICE },
      currencies: offered.map((c) => ({ code: c.code, name: c.name, networks: c.networks.map((n) => n.name) })),
      passwordPolicy: { minScore: PASSWORD_MIN_SCORE },
      demoMode: this.app.demoMode,
      maintenanceMode: system.maintenanceMode,
      groupChatUrl: general.groupChatUrl,
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
