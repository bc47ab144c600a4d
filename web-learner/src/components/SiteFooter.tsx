import { SiteLink } from './SiteLink';
import { useSite } from '../api/site';
import { SupportContact } from './SupportContact';
import { useTranslation } from '../i18n/useTranslation';

/** The seller as Settings > General names them: "Seller, address" (the name left out when it is the site's, already shown). */
export function sellerLine(seller: { name: string; address: string }, siteName: string): string {
  return [seller.name === siteName ? '' : seller.name, seller.address].filter(Boolean).join(', ');
}

export function SiteFooter() {
  const { name, seller } = useSite();
  const { t } = useTranslation();
  return (
    <footer className="border-t border-ink-700 bg-ink-950">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 text-sm text-slate-400 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <p className="font-semibold text-slate-200">{name}</p>
          <address className="mt-2 not-italic" data-testid="seller-address">
            {sellerLine(seller, name)}
          </address>
          <SupportContact className="mt-2" lead={t('footer.support')} />
          <p className="mt-2">{t('footer.rights', { year: new Date().getFullYear(), name })}</p>
        </div>
        <nav aria-label={t('footer.legal')}>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            <li>
              <SiteLink className="hover:text-gold-300" to="/terms-of-service">
                {t('footer.terms')}
              </SiteLink>
            </li>
            <li>
              <SiteLink className="hover:text-gold-300" to="/privacy-policy">
                {t('footer.privacy')}
              </SiteLink>
            </li>
            <li>
              <SiteLink className="hover:text-gold-300" to="/refund-policy">
                {t('footer.refund')}
              </SiteLink>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
