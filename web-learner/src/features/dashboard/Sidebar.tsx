import { Link } from 'react-router';
import { usePublicConfig } from '../../api/hooks/usePublicConfig';
import { Logo } from '../../components/Logo';
import { useCurrentUser } from '../../api/hooks/useCurrentUser';
import { useMyAffiliate } from '../../api/hooks/useMyAffiliate';
import { useSignOut } from './api/useSignOut';
import { ACCOUNT_ENTRY, AFFILIATE_DASHBOARD_ENTRY, CHAT_ENTRY, SECTIONS } from './navigation';
import { Icon } from '../../components/Icon';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/english/learning';

/** The chat entry's link until the General settings arrive (the server's default group link). */
const DEFAULT_GROUP_CHAT_URL = 'https://chat.example.com/join/affiliate-academy';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

interface Props {
  id: string;
  open: boolean;
  activeSlug: string;
  onNavigate: () => void;
}

export function Sidebar({ id, open, activeSlug, onNavigate }: Props) {
  const me = useCurrentUser();
  const config = usePublicConfig();
  const signOut = useSignOut();
  const affiliate = useMyAffiliate();
  const { t } = useTranslation();

  const itemClass = (active: boolean) =>
    `flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium transition-colors ${
      active ? 'bg-gold-500/15 text-gold-300' : 'text-slate-300 hover:bg-ink-700 hover:text-white'
    }`;

  return (
    <aside
      id={id}
      aria-label={t('dashboard.label')}
      className={`fixed inset-y-0 left-0 z-40 flex w-72 flex-col border-r border-ink-700 bg-ink-900 transition-transform duration-200 lg:translate-x-0 ${
        open ? 'translate-x-0' : '-translate-x-full max-lg:invisible'
      }`}
    >
      <div className="px-5 py-5">
        <Logo to="/dashboard/courses" />
      </div>
      <nav aria-label={t('dashboard.sectionsNav')} className="flex-1 overflow-y-auto px-3">
        <ul className="space-y-1">
          {SECTIONS.map((s) => (
            <li key={s.slug}>
              <Link
                to={`/dashboard/${s.slug}`}
                onClick={onNavigate}
                className={itemClass(s.slug === activeSlug)}
                aria-current={s.slug === activeSlug ? 'page' : undefined}
              >
                <Icon name={s.icon} />
                {t(`dashboard.sections.${s.slug}`)}
              </Link>
            </li>
          ))}
          <li>
            <a href={config.data?.groupChatUrl || DEFAULT_GROUP_CHAT_URL} target="_blank" rel="noopener noreferrer" className={itemClass(false)}>
              <Icon name={CHAT_ENTRY.icon} />
              {t('dashboard.chat')}
              <Icon name="external" className="ml-auto h-3.5 w-3.5 text-slate-400" />
              <span className="sr-only">{t('common.opensInNewTabParen')}</span>
            </a>
          </li>
        </ul>
      </nav>
      <div className="border-t border-ink-700 p-4">
        <div className="flex items-center gap-3 rounded-xl bg-ink-800 p-3" data-testid="member-card">
          <span
            aria-hidden="true"
            className="grid h-10 w-10 shrink-0 place-items-center rounded-full bg-linear-to-br from-gold-300 to-gold-600 font-bold text-ink-950"
          >
            {me.data ? initials(me.data.name) : '…'}
          </span>
          <div className="min-w-0">
            <p className="truncate font-semibold text-white">{me.data?.name ?? t('common.loading')}</p>
            {/* The label follows the server's access, so a refunded member is no longer called lifetime; it wraps rather than
                cuts the plan off ("Miembro Premium · De por vida" is longer than the card). */}
            <p className="text-xs text-gold-300" data-testid="member-plan">
              {me.data ? t(`dashboard.plans.${me.data.hasAccess ? me.data.plan : 'free'}`) : ''}
            </p>
          </div>
        </div>
        <Link
          to={`/dashboard/${ACCOUNT_ENTRY.slug}`}
          onClick={onNavigate}
          className={`${itemClass(activeSlug === ACCOUNT_ENTRY.slug)} mt-3`}
          aria-current={activeSlug === ACCOUNT_ENTRY.slug ? 'page' : undefined}
        >
          <Icon name={ACCOUNT_ENTRY.icon} />
          {t('dashboard.sections.account')}
        </Link>
        {affiliate.data?.status === 'approved' && (
          <Link
            to={`/dashboard/${AFFILIATE_DASHBOARD_ENTRY.slug}`}
            onClick={onNavigate}
            className={`${itemClass(activeSlug === AFFILIATE_DASHBOARD_ENTRY.slug)} mt-1`}
            aria-current={activeSlug === AFFILIATE_DASHBOARD_ENTRY.slug ? 'page' : undefined}
          >
            <Icon name={AFFILIATE_DASHBOARD_ENTRY.icon} />
            {t('dashboard.sections.referrals')}
          </Link>
        )}
        <button type="button" className="btn-ghost mt-3 w-full" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          {signOut.isPending ? t('dashboard.signingOut') : t('dashboard.signOut')}
        </button>
      </div>
    </aside>
  );
}
