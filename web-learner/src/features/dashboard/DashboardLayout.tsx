import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { NotificationsBell } from './NotificationsBell';
import { MEMBERS_ONLY, sectionOf } from './navigation';
import { SearchBox } from './SearchBox';
import { Sidebar } from './Sidebar';
import { Icon } from '../../components/Icon';
import { UpgradeState } from '../../components/UpgradeState';
import { useCurrentUser } from '../../api/hooks/useCurrentUser';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/english/learning';

const SIDEBAR_ID = 'dashboard-sidebar';

/** Sidebar, top bar (section title, search, notifications) and the current section (the upgrade state for members' sections without access). */
export function DashboardLayout() {
  const { pathname } = useLocation();
  const section = sectionOf(pathname);
  const me = useCurrentUser();
  const locked = MEMBERS_ONLY.has(section.slug) && me.data !== undefined && !me.data.hasAccess;
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const { t } = useTranslation();

  useEffect(() => setOpen(false), [pathname]);
  // On small screens the open sidebar takes the focus, and Escape gives it back to the toggle.
  useEffect(() => {
    if (!open) return;
    document.querySelector<HTMLElement>(`#${SIDEBAR_ID} nav a`)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <div className="min-h-screen">
      <Sidebar id={SIDEBAR_ID} open={open} activeSlug={section.slug} onNavigate={() => setOpen(false)} />
      {open && (
        <div
          className="fixed inset-0 z-30 bg-black/60 backdrop-blur-sm lg:hidden"
          onClick={() => setOpen(false)}
          data-testid="sidebar-overlay"
          aria-hidden="true"
        />
      )}
      <div className="lg:pl-72">
        <header className="sticky top-0 z-20 flex flex-wrap items-center gap-3 border-b border-ink-700 bg-ink-950/90 px-4 py-3 backdrop-blur sm:px-6">
          <button
            ref={toggle}
            type="button"
            className="btn-ghost px-3 lg:hidden"
            aria-controls={SIDEBAR_ID}
            aria-expanded={open}
            aria-label={open ? t('dashboard.closeMenu') : t('dashboard.openMenu')}
            onClick={() => setOpen((v) => !v)}
          >
            <Icon name={open ? 'close' : 'menu'} />
          </button>
          <h1 className="min-w-0 flex-1 truncate text-lg font-bold text-white sm:text-xl">{t(`dashboard.sections.${section.slug}`)}</h1>
          <SearchBox />
          <NotificationsBell />
        </header>
        <main className="px-4 py-6 sm:px-6 lg:px-8">{locked ? <UpgradeState /> : <Outlet />}</main>
      </div>
    </div>
  );
}
