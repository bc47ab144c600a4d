import { SiteLink } from '../../components/SiteLink';
import { OFFER } from '../../app/offer';
import { Logo } from '../../components/Logo';
import { SiteFooter } from '../../components/SiteFooter';
import { Testimonials } from './Testimonials';
import { useOfferPrice, type OfferPrice } from './api/useOfferPrice';
import { Icon, type IconName } from '../../components/Icon';
import { useTranslation } from '../../i18n/useTranslation';

const FEATURES: Array<{ icon: IconName; key: string }> = [
  { icon: 'cap', key: 'courses' },
  { icon: 'workflow', key: 'automation' },
  { icon: 'play', key: 'content' },
  { icon: 'users', key: 'programs' },
  { icon: 'wrench', key: 'toolbox' },
  { icon: 'chart', key: 'roi' },
];

const STATS = ['share', 'income', 'guarantee'] as const;

const PARTNERS = ['RoyalPartners', 'LuckyAffiliates', 'SpinRevenue', 'AcePayouts', 'VegasLeads', 'JackpotNetwork'];

const INCLUDED = ['lifetime', 'programs', 'toolbox', 'content', 'automation', 'chat'] as const;

function JoinLink({ children, className = 'btn-gold' }: { children: React.ReactNode; className?: string }) {
  return (
    <SiteLink to="/payment" className={className}>
      {children}
    </SiteLink>
  );
}

function PriceTag({ offer }: { offer: OfferPrice }) {
  const { t } = useTranslation();
  return (
    // Wraps on a phone: "497 US$" (Spanish) with the crossed-out price and the badge is wider than 360 px.
    <p className="flex flex-wrap items-baseline justify-center gap-x-3 gap-y-2">
      <span className="text-5xl font-black text-white" data-testid="landing-price">
        {offer.price}
      </span>
      <del className="text-2xl text-slate-400">
        <span className="sr-only">{t('landing.was')}</span>
        {offer.compareAt}
      </del>
      <span className="rounded-full bg-gold-500/15 px-3 py-1 text-sm font-semibold text-gold-300">{t('landing.oneTime')}</span>
    </p>
  );
}

export function LandingPage() {
  const offer = useOfferPrice();
  const { t } = useTranslation();
  const values = { share: OFFER.revenueShare, days: OFFER.guaranteeDays, window: OFFER.bannerWindow, price: offer.price, compareAt: offer.compareAt };
  return (
    <div className="min-h-screen overflow-x-hidden">
      <div className="bg-linear-to-r from-gold-600 via-gold-500 to-gold-600 px-4 py-2 text-center text-sm font-semibold text-ink-950">
        {t('landing.banner', values)}
      </div>

      <header className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-5 sm:gap-4">
        <Logo compact />
        {/* Narrower buttons on a phone: "Anmelden" and "JETZT BEITRETEN" fit beside the mark at 360 px. */}
        <nav aria-label={t('landing.accountNav')} className="flex items-center gap-2 sm:gap-3">
          <SiteLink to="/login" className="btn-ghost px-3 whitespace-nowrap sm:px-4">
            {t('landing.login')}
          </SiteLink>
          <JoinLink className="btn-gold px-3 whitespace-nowrap sm:px-4">{t('landing.join')}</JoinLink>
        </nav>
      </header>

      <main>
        <section className="relative px-4 pt-12 pb-20 text-center sm:pt-20">
          <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 top-0 -z-10 mx-auto h-96 max-w-3xl rounded-full bg-gold-500/10 blur-3xl" />
          <p className="mx-auto inline-block rounded-full border border-gold-500/30 bg-gold-500/10 px-4 py-1 text-sm font-medium text-gold-300">
            {t('landing.eyebrow')}
          </p>
          <h1 className="mx-auto mt-6 max-w-4xl text-4xl leading-tight font-black tracking-tight text-white sm:text-6xl">
            {t('landing.titleLead')} <span className="bg-linear-to-r from-gold-300 to-gold-500 bg-clip-text text-transparent">{t('landing.titleAccent')}</span>
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-300">{t('landing.lead', values)}</p>
          <div className="mt-8 flex flex-col items-center gap-3 sm:flex-row sm:justify-center">
            <JoinLink className="btn-gold px-8 py-3.5 text-base">{t('landing.join')}</JoinLink>
            <p className="text-sm text-slate-400">
              {offer.price} <del>{offer.compareAt}</del> · {t('landing.heroTerms', values)}
            </p>
          </div>
          <dl className="mx-auto mt-14 grid max-w-4xl gap-4 sm:grid-cols-3">
            {STATS.map((stat) => (
              <div key={stat} className="card flex flex-col p-5">
                <dt className="text-sm text-slate-400">{t(`landing.stats.${stat}Label`)}</dt>
                <dd className="order-first text-2xl font-bold text-gold-300">{t(`landing.stats.${stat}Value`, values)}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-labelledby="partners-title" className="border-y border-ink-700 bg-ink-900/60 px-4 py-10">
          <h2 id="partners-title" className="text-center text-sm font-semibold tracking-widest text-slate-400 uppercase">
            {t('landing.partners')}
          </h2>
          <ul className="mx-auto mt-6 flex max-w-5xl flex-wrap items-center justify-center gap-x-10 gap-y-4">
            {PARTNERS.map((name) => (
              <li key={name} className="text-xl font-black tracking-tight text-slate-400 italic">
                {name}
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-20">
          <h2 id="features-title" className="text-center text-3xl font-bold text-white sm:text-4xl">
            {t('landing.featuresTitle')}
          </h2>
          <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map((f) => (
              <li key={f.key} className="card p-6">
                <span className="grid h-11 w-11 place-items-center rounded-xl bg-gold-500/15 text-gold-300">
                  <Icon name={f.icon} className="h-6 w-6" />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-white">{t(`landing.features.${f.key}.title`)}</h3>
                <p className="mt-2 text-slate-400">{t(`landing.features.${f.key}.text`)}</p>
              </li>
            ))}
          </ul>
        </section>

        <Testimonials />

        <section aria-labelledby="pricing-title" className="px-4 py-20">
          <div className="card mx-auto max-w-xl border-gold-500/40 p-8 text-center sm:p-10">
            <p className="text-sm font-semibold tracking-widest text-gold-300 uppercase">{t('landing.offerEyebrow', values)}</p>
            <h2 id="pricing-title" className="mt-3 text-3xl font-bold text-white">
              {t('landing.pricingTitle')}
            </h2>
            <div className="mt-6">
              <PriceTag offer={offer} />
            </div>
            <ul className="mt-8 space-y-3 text-left">
              {INCLUDED.map((item) => (
                <li key={item} className="flex gap-3 text-slate-300">
                  <span aria-hidden="true" className="text-gold-400">
                    ✓
                  </span>
                  {t(`landing.included.${item}`)}
                </li>
              ))}
            </ul>
            <JoinLink className="btn-gold mt-8 w-full py-3.5 text-base">{t('landing.getAccess')}</JoinLink>
            <p className="mt-4 flex items-center justify-center gap-2 text-sm text-slate-400">
              <Icon name="shield" className="h-4 w-4 text-emerald-300" /> {t('landing.guarantee', values)}
            </p>
          </div>
        </section>
      </main>

      <SiteFooter />
    </div>
  );
}
