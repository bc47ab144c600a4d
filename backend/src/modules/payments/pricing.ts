import { Injectable } from '@nestjs/common';
import { SettingsService } from '../settings';

export interface Price {
  /** Decimal text with two places ("497.00"). */
  amount: string;
  compareAt: string;
  currency: 'USD' | 'EUR' | 'GBP' | 'CAD';
}

/**
 * The price of lifetime access now: Settings > Payments > Currency and that
 * currency's price and compare-at price (the spec's 497 and 997 by default).
 * The server alone decides it; checkout, every provider's invoice, receipts
 * and the public config read it from here.
 */
@Injectable()
export class Pricing {
  constructor(private readonly settings: SettingsService) {}

  async current(): Promise<Price> {
    const p = await this.settings.get('payments');
    const currency = p.currency as Price['currency'];
    return { amount: p[`price${currency}`], compareAt: p[`compareAt${currency}`], currency };
  }
}
