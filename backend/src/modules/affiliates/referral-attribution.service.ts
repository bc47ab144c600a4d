import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import Redis from 'ioredis';
import type { EntityManager } from 'typeorm';
import { CommonError } from '../../common/errors/common.error';
import { RateLimiter } from '../../common/http/rate-limiter';
import { appConfig } from '../../config';
import type { CheckoutSource } from '../../events/event-catalogue';
import { REDIS } from '../../redis/redis.module';
import { FunnelService, type PageView } from '../analytics';
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
 *
 * The funnel (analytics) counts every public page view: the learner app
 * reports each one here, and `visit` hands it to analytics' FunnelService
 * with its source (affiliates → analytics; analytics imports neither
 * affiliates nor payments). `attribute` answers what it stored, which
 * payments puts in payment.created for the funnel's checkouts.
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

/** What a checkout's attribution says about its source (payments adds the coupon for payment.created). */
export type AttributionSummary = Omit<CheckoutSource, 'couponCode'>;

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
  private readonly visits: RateLimiter;
  private readonly visitMaxPerIp: number;

  constructor(
    private readonly repository: AffiliatesRepository,
    private readonly cookies: ReferralCookies,
    private readonly settings: SettingsService,
    private readonly funnel: FunnelService,
    @Inject(REDIS) redis: Redis,
    @Inject(appConfig.KEY) app: ConfigType<typeof appConfig>,
  ) {
    this.publicHost = hostOf(app.publicUrl);
    this.visits = new RateLimiter(redis, 'referral-visit', app.visitWindowSeconds);
    this.visitMaxPerIp = app.visitMaxPerIp;
  }

  /** Page views reported from one client address are counted (in Redis, shared by every API instance); past the limit, 429. */
  async limitVisits(ip: string): Promise<void> {
    const wait = await this.visits.reserve([{ key: `ip:${ip}`, max: this.visitMaxPerIp }]);
    if (wait > 0) throw CommonError.rateLimited('Too many requests, try again later', wait);
  }

  /**
   * Counts the page view in the funnel (every one but bots'), then records a
   * visit through a referral link (or with UTM parameters) and answers the
   * attribution to remember. Bots and visits with an unknown code and no
   * campaign record no click. Last click (default): an affiliate's click
   * replaces what was held; first click: an affiliate attribution still
   * inside the window is kept. A campaign-only visit never replaces an
   * affiliate's attribution. With the programme off, the page view is still
   * counted (without an affiliate) and nothing else happens.
   */
  async visit(visit: Visit, userAgent: string | undefined, cookieHeader: string | undefined, nowMs = Date.now()): Promise<VisitOutcome> {
    const config = await this.settings.get('affiliates');
    const none: VisitOutcome = { recorded: false, referral: null, cookieMaxAgeSeconds: null };
    const heldValue = config.enabled ? cookieValue(cookieHeader, REFERRAL_COOKIE) : undefined;
    const held = this.cookies.read(heldValue, config.attributionWindowDays, nowMs);
    const keep: VisitOutcome = held ? { ...none, referral: heldValue! } : none;
    if (!userAgent || BOT.test(userAgent)) return keep;

    const code = config.enabled ? visit.ref?.trim().toUpperCase() : undefined;
    const affiliateId = code ? ((await this.repository.approvedIdByCode(code)) ?? null) : null;
    const campaign = Boolean(visit.utmSource || visit.utmMedium || visit.utmCampaign);
    await this.funnel.recordVisit(await this.pageView(visit, affiliateId ? code! : null, campaign, held));
    if (!config.enabled || (!affiliateId && !campaign)) return keep;

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
   * The page view's source for the funnel: the URL's referral (an approved
   * affiliate's code) or campaign when it has one, else the attribution
   * held in the cookie, else the referring site.
   */
  private async pageView(visit: Visit, code: string | null, campaign: boolean, held: ReferralClaim | null): Promise<PageView> {
    if (code || campaign) {
      return {
        path: visit.path,
        affiliateCode: code,
        utmSource: visit.utmSource ?? null,
        utmMedium: visit.utmMedium ?? null,
        utmCampaign: visit.utmCampaign ?? null,
        referrerDomain: this.referrerDomain(visit.referrer),
      };
    }
    if (held) {
      return {
        path: visit.path,
        affiliateCode: held.affiliateId ? ((await this.repository.approvedCodeById(held.affiliateId)) ?? null) : null,
        utmSource: held.utmSource,
        utmMedium: held.utmMedium,
        utmCampaign: held.utmCampaign,
        referrerDomain: held.referrerDomain,
      };
    }
    return { path: visit.path, affiliateCode: null, utmSource: null, utmMedium: null, utmCampaign: null, referrerDomain: this.referrerDomain(visit.referrer) };
  }

  /**
   * Stores the checkout's attribution in the checkout's transaction: an
   * approved affiliate's own coupon wins (the buyer's explicit choice), then
   * the referral held in the cookie (else the value the app kept), if its
   * affiliate is still approved; without an affiliate, the campaign or the
   * referring site is kept for the funnel. Nothing to say: no row, and null.
   * Answers what it stored, with the affiliate by code (the funnel's value).
   */
  async attribute(
    manager: EntityManager,
    checkout: { paymentId: string; cookieHeader?: string; referral?: string; couponCode: string | null; buyerUserId: string | null },
    nowMs = Date.now(),
  ): Promise<AttributionSummary | null> {
    const config = await this.settings.get('affiliates');
    if (!config.enabled) return null;
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
    if (!source) return null;
    const stored = {
      affiliateCode: affiliateId ? ((await this.repository.approvedCodeById(affiliateId, manager)) ?? null) : null,
      utmSource: claim?.utmSource ?? null,
      utmMedium: claim?.utmMedium ?? null,
      utmCampaign: claim?.utmCampaign ?? null,
      referrerDomain: claim?.referrerDomain ?? null,
    };
    await this.repository.insertAttribution(manager, {
      paymentId: checkout.paymentId,
      affiliateId,
      source,
      utmSource: stored.utmSource,
      utmMedium: stored.utmMedium,
      utmCampaign: stored.utmCampaign,
      referrerDomain: stored.referrerDomain,
      couponCode: couponAffiliate ? checkout.couponCode : null,
      clickedAt: claim && (!couponAffiliate || claim.affiliateId === couponAffiliate) ? new Date(claim.clickedAt) : null,
      buyerUserId: checkout.buyerUserId,
    });
    return stored;
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
