import { Injectable } from '@nestjs/common';
import { SettingsService, taxRateFor } from '../settings';

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

  /** The tax rate (percent) included in the price for a buyer of this country, from Settings > General > Tax rates; null: no tax. */
  async taxRate(country: string | null): Promise<string | null> {
    return taxRateFor((await this.settings.get('general')).taxRates, country);
  }
}
