import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { Icon } from '../../components/Icon';
import { useMarkNotificationsRead, useNotifications } from './api/useNotifications';
import { formatMoment } from '../../i18n/format';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/english/learning';

/** The bell: real notifications, with the unread dot only when some are unread; opening it marks them read. */
export function NotificationsBell() {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const list = useNotifications();
  const markRead = useMarkNotificationsRead();
  const unread = list.data?.unread ?? 0;
  const { t, language } = useTranslation();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (box.current && !box.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const toggle = () => {
    const next = !open;
    setOpen(next);
    if (next && unread > 0 && !markRead.isPending) markRead.mutate();
  };

  return (
    <div ref={box} className="relative" onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
      <button
        type="button"
        className="btn-ghost relative px-3"
        onClick={toggle}
        aria-expanded={open}
        aria-controls={open ? `${id}-panel` : undefined}
        aria-label={unread > 0 ? t('notifications.unreadLabel', { count: unread }) : t('notifications.title')}
      >
        <Icon name="bell" />
        {unread > 0 && (
          <span data-testid="unread-dot" aria-hidden="true" className="absolute top-1.5 right-1.5 h-2.5 w-2.5 rounded-full bg-rose-500 ring-2 ring-ink-950" />
        )}
      </button>
      {open && (
        <div id={`${id}-panel`} className="popover">
          <p className="px-3 py-2 text-sm font-semibold text-white">{t('notifications.title')}</p>
          {list.isPending && <p className="px-3 pb-3 text-sm text-slate-400">{t('common.loading')}</p>}
          {list.isError &&
            (list.error instanceof ApiError && list.error.status === 403 ? (
              <p className="px-3 pb-3 text-sm text-slate-300">
                {t('notifications.locked')}{' '}
                <Link to="/payment" className="font-semibold text-gold-300 underline">
                  {t('notifications.getAccess')}
                </Link>
              </p>
            ) : (
              <p className="px-3 pb-3 text-sm text-rose-300">{t('notifications.unavailable')}</p>
            ))}
          {list.data && list.data.notifications.length === 0 && <p className="px-3 pb-3 text-sm text-slate-400">{t('notifications.empty')}</p>}
          {list.data && list.data.notifications.length > 0 && (
            <ul>
              {list.data.notifications.map((n) => {
                const body = (
                  <>
                    <span className="flex items-center gap-2 font-medium text-white">
                      {!n.read && <span aria-label={t('notifications.unread')} className="h-2 w-2 shrink-0 rounded-full bg-gold-400" />}
                      {n.title}
                    </span>
                    {n.body && <span className="mt-0.5 block text-sm text-slate-400">{n.body}</span>}
                    <span className="mt-1 block text-xs text-slate-400">{formatMoment(n.createdAt, language)}</span>
                  </>
                );
                return (
                  <li key={n.id}>
                    {n.url ? (
                      <Link to={n.url} className="block rounded-lg px-3 py-2 hover:bg-ink-700" onClick={() => setOpen(false)}>
                        {body}
                      </Link>
                    ) : (
                      <div className="px-3 py-2">{body}</div>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
