import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import type { EntityManager } from 'typeorm';
import { appConfig } from '../../config';
import { SettingsService } from '../settings';
import { AffiliatesRepository, type AttributionSource } from './affiliates.repository';
import { cookieValue, REFERRAL_COOKIE, ReferralCookies, type ReferralClaim } from './referral-cookie';

/**
 * Attribution, decided once and kept with the payment (issue 33; DESIGN.md
 * section 13).
 *
 * Module boundary: payments imports this service (payments → affiliates in
 * scripts/eslint/boundaries.mjs) and calls `attribute` inside the checkout's
 * own transaction, so the payment row and its payment_attributions row commit
 * together; affiliates never imports payments (that would be a cycle) and
 * learns about payments from events only (payment.confirmed,
 * payment.refunded: jobs/commission.consumers.ts). payment_attributions
 * belongs to this module; the claim link on another device needs nothing
 * more, since the attribution travels with the payment, not with a browser.
 */

/** User agents of crawlers, link previewers and scripts: their visits are not clicks. */
const BOT =
  /bot|crawl|spider|slurp|archiver|facebookexternalhit|embedly|preview|headless|phantom|lighthouse|curl|wget|python|httpclient|okhttp|java\/|go-http|node-fetch|axios/i;

export interface Visit {
  ref?: string;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  referrer?: string;
  path: string;
}

export interface VisitOutcome {
  recorded: boolean;
  /** The signed attribution now held (also the cookie's value), or null. */
  referral: string | null;
  /** The cookie's lifetime, when it is to be (re)set. */
  cookieMaxAgeSeconds: number | null;
}

/** The referral visit (public) and the attribution a checkout stores. */
@Injectable()
export class ReferralAttribution {
  private readonly publicHost: string | null;

  constructor(
    private readonly repository: AffiliatesRepository,
    private readonly cookies: ReferralCookies,
    private readonly settings: SettingsService,
    @Inject(appConfig.KEY) app: ConfigType<typeof appConfig>,
  ) {
    this.publicHost = hostOf(app.publicUrl);
  }

  /**
   * Records a visit through a referral link (or with UTM parameters) and
   * answers the attribution to remember. Bots and visits with an unknown code
   * and no campaign record nothing. Last click (default): an affiliate's
   * click replaces what was held; first click: an affiliate attribution still
   * inside the window is kept. A campaign-only visit never replaces an
   * affiliate's attribution.
   */
  async visit(visit: Visit, userAgent: string | undefined, cookieHeader: string | undefined, nowMs = Date.now()): Promise<VisitOutcome> {
    const config = await this.settings.get('affiliates');
    if (!config.enabled) return { recorded: false, referral: null, cookieMaxAgeSeconds: null };
    const heldValue = cookieValue(cookieHeader, REFERRAL_COOKIE);
    const held = this.cookies.read(heldValue, config.attributionWindowDays, nowMs);
    const keep: VisitOutcome = { recorded: false, referral: held ? heldValue! : null, cookieMaxAgeSeconds: null };
    if (!userAgent || BOT.test(userAgent)) return keep;

    const code = visit.ref?.trim().toUpperCase();
    const affiliateId = code ? ((await this.repository.approvedIdByCode(code)) ?? null) : null;
    const campaign = Boolean(visit.utmSource || visit.utmMedium || visit.utmCampaign);
    if (!affiliateId && !campaign) return keep;

    const claim: ReferralClaim = {
      affiliateId,
      utmSource: visit.utmSource ?? null,
      utmMedium: visit.utmMedium ?? null,
      utmCampaign: visit.utmCampaign ?? null,
      referrerDomain: this.referrerDomain(visit.referrer),
      clickedAt: nowMs,
    };
    await this.repository.insertClick({ ...claim, timeZone: await this.settings.timeZone(), path: visit.path });
    const heldAffiliate = held?.affiliateId ? held : null;
    const replace = affiliateId ? !(heldAffiliate && config.attributionModel === 'first_click') : !heldAffiliate;
    if (!replace) return { ...keep, recorded: true };
    return { recorded: true, referral: this.cookies.sign(claim), cookieMaxAgeSeconds: config.attributionWindowDays * 86_400 };
  }

  /**
   * Stores the checkout's attribution in the checkout's transaction: an
   * approved affiliate's own coupon wins (the buyer's explicit choice), then
   * the referral held in the cookie (else the value the app kept), if its
   * affiliate is still approved; without an affiliate, the campaign or the
   * referring site is kept for the funnel. Nothing to say: no row.
   */
  async attribute(
    manager: EntityManager,
    checkout: { paymentId: string; cookieHeader?: string; referral?: string; couponCode: string | null; buyerUserId: string | null },
    nowMs = Date.now(),
  ): Promise<void> {
    const config = await this.settings.get('affiliates');
    if (!config.enabled) return;
    const claim =
      this.cookies.read(cookieValue(checkout.cookieHeader, REFERRAL_COOKIE), config.attributionWindowDays, nowMs) ??
      this.cookies.read(checkout.referral, config.attributionWindowDays, nowMs);
    const couponAffiliate = checkout.couponCode ? await this.repository.approvedIdByCoupon(manager, checkout.couponCode) : undefined;
    const linkAffiliate = claim?.affiliateId && (await this.repository.isApproved(manager, claim.affiliateId)) ? claim.affiliateId : null;
    const affiliateId = couponAffiliate ?? linkAffiliate;
    let source: AttributionSource | null = null;
    if (couponAffiliate) source = 'coupon';
    else if (linkAffiliate) source = 'referral_link';
    else if (claim?.utmSource || claim?.utmMedium || claim?.utmCampaign) source = 'utm';
    else if (claim?.referrerDomain) source = 'referrer';
    if (!source) return;
    await this.repository.insertAttribution(manager, {
      paymentId: checkout.paymentId,
      affiliateId,
      source,
      utmSource: claim?.utmSource ?? null,
      utmMedium: claim?.utmMedium ?? null,
      utmCampaign: claim?.utmCampaign ?? null,
      referrerDomain: claim?.referrerDomain ?? null,
      couponCode: couponAffiliate ? checkout.couponCode : null,
      clickedAt: claim && (!couponAffiliate || claim.affiliateId === couponAffiliate) ? new Date(claim.clickedAt) : null,
      buyerUserId: checkout.buyerUserId,
    });
  }

  /** The referring site's host, without www; our own pages and anything that is not an http(s) URL are none. */
  private referrerDomain(referrer: string | undefined): string | null {
    const host = referrer ? hostOf(referrer) : null;
    if (!host || host === this.publicHost) return null;
    return host.replace(/^www\./, '').slice(0, 253);
  }
}

function hostOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.hostname.toLowerCase() : null;
  } catch {
    return null;
  }
}
