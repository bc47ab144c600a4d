import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { SITE_LANGUAGES, type SiteLanguage } from '../../settings';

export class Price {
  @ApiProperty({ example: '497.00' })
  amount: string;
  @ApiProperty({ example: '997.00', description: 'The crossed-out price' })
  compareAt: string;
  @ApiProperty({ enum: ['USD', 'EUR', 'GBP', 'CAD'], example: 'USD', description: 'Settings > Payments > Currency' })
  currency: string;
}

export class OfferedCurrency {
  @ApiProperty({ example: 'USDT' })
  code: string;
  @ApiProperty({ example: 'Tether USD' })
  name: string;
  @ApiProperty({ type: [String], example: ['Ethereum (ERC-20)', 'Tron (TRC-20)', 'BSC (BEP-20)'] })
  networks: string[];
}

export class PasswordPolicy {
  @ApiProperty({ description: 'The guessability score (zxcvbn, 0-4) a new password needs', example: 3 })
  minScore: number;
}

export class Credentials {
  @ApiProperty()
  email: string;
  @ApiProperty()
  password: string;
}

export class DemoCredentials {
  @ApiProperty()
  admin: Credentials;
  @ApiProperty()
  learner: Credentials;
}

export class SupportContact {
  @ApiProperty({ description: 'Settings > General support email, or the admin email' })
  email: string;
  @ApiProperty({ description: 'The support page, or empty' })
  url: string;
}

/** What both web apps need before sign-in. */
/** Who sells (Settings > General): the footer, the legal pages and the receipts name them. */
export class Seller {
  @ApiProperty({ example: 'Affiliate Academy Ltd.', description: 'Seller name, or the site name when none is set' })
  name: string;
  @ApiProperty({ example: '1 Coney Drive, Suite 200, Belize City, Belize', description: 'Seller address, or empty' })
  address: string;
}

export class PublicConfig {
  @ApiProperty({ example: 'Affiliate Academy' })
  siteName: string;
  @ApiProperty()
  siteDescription: string;
  @ApiProperty({ example: 'America/Los_Angeles', description: 'Settings > General > Timezone as an IANA zone: how both apps show dates' })
  timeZone: string;
  @ApiProperty({
    enum: SITE_LANGUAGES,
    description: "Settings > General > Language: the learner site interface language; auto: the visitor's browser language, English when unsupported",
  })
  language: SiteLanguage;
  @ApiProperty()
  price: Price;

  @ApiProperty({
    enum: ['crypto', 'card', 'paypal'],
    isArray: true,
    description: 'The payment methods checkout offers (crypto always; card and PayPal once configured)',
  })
  paymentMethods: Array<'crypto' | 'card' | 'paypal'>;
  @ApiProperty({ type: [OfferedCurrency] })
  currencies: OfferedCurrency[];
  @ApiProperty()
  passwordPolicy: PasswordPolicy;
  @ApiProperty()
  demoMode: boolean;
  @ApiPropertyOptional({ description: 'In demo mode only' })
  demoCredentials?: DemoCredentials;
  @ApiProperty()
  maintenanceMode: boolean;
  @ApiProperty()
  groupChatUrl: string;
  @ApiProperty()
  support: SupportContact;
  @ApiProperty()
  seller: Seller;
}
