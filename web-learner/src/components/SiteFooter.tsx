import { SiteLink } from './SiteLink';
import { useSite } from '../api/site';
import { SupportContact } from './SupportContact';
import { useTranslation } from '../i18n/useTranslation';

export const COMPANY_ADDRESS = 'Affiliate Academy Ltd., 1 Coney Drive, Suite 200, Belize City, Belize';

export function SiteFooter() {
  const { name } = useSite();
  const { t } = useTranslation();
  return (
    <footer className="border-t border-ink-700 bg-ink-950">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 text-sm text-slate-400 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <p className="font-semibold text-slate-200">{name}</p>
          <address className="mt-2 not-italic">{COMPANY_ADDRESS}</address>
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
