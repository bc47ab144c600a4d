import { useEffect, useId, useState } from 'react';
import type { ContentItem } from '../../../api/types';
import { LoadingBlock } from '../../../components/Spinner';
import { useCloudFolders, useContentLibrary } from '../api/useMemberResources';
import { DownloadLink, ExternalLink, QueryState } from '../../../components/QueryState';
import { Icon, type IconName } from '../../../components/Icon';
import { formatDate, formatNumber } from '../../../i18n/format';
import { useTranslation } from '../../../i18n/useTranslation';
import '../../../i18n/english/learning';

const PAGE_SIZE = 12;
const CATEGORIES = ['programming', 'marketing', 'design', 'business'];
const TYPES = ['video', 'document', 'image', 'audio'];
const TYPE_ICONS: Record<ContentItem['type'], IconName> = { video: 'play', document: 'file', image: 'folder', audio: 'play' };

function ContentCard({ item }: { item: ContentItem }) {
  const { t, language } = useTranslation();
  return (
    <li className="card flex flex-col overflow-hidden">
      <div className="grid aspect-video place-items-center bg-linear-to-br from-ink-700 to-ink-800 text-4xl">
        {item.thumbnail ? (
          <img src={item.thumbnail} alt="" className="h-full w-full object-cover" loading="lazy" />
        ) : (
          <Icon name={TYPE_ICONS[item.type]} className="h-10 w-10 text-slate-400" />
        )}
      </div>
      <div className="flex flex-1 flex-col p-4">
        <p className="text-xs font-semibold tracking-wide text-gold-300 uppercase">
          {t(`content.types.${item.type}`, { defaultValue: item.type })} · {t(`content.categories.${item.category}`, { defaultValue: item.category })}
        </p>
        <h3 className="mt-1 font-semibold text-white">{item.title}</h3>
        <p className="mt-1 text-xs text-slate-400">
          {[item.duration, item.size, item.dateAdded && formatDate(item.dateAdded, language)].filter(Boolean).join(' · ')}
        </p>
        <ul className="mt-3 flex flex-1 flex-wrap content-start gap-1.5" aria-label={t('content.tags')}>
          {item.tags.map((tag) => (
            <li key={tag} className="rounded-full bg-ink-700 px-2 py-0.5 text-xs text-slate-300">
              #{tag}
            </li>
          ))}
        </ul>
        <div className="mt-4 grid grid-cols-2 gap-2">
          <a
            href={item.viewUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="btn-ghost px-3"
            aria-label={t('content.viewLabel', { title: item.title })}
          >
            {t('content.view')}
          </a>
          <DownloadLink href={item.downloadUrl} className="btn-gold px-3" label={t('content.downloadLabel', { title: item.title })}>
            {t('content.download')}
          </DownloadLink>
        </div>
      </div>
    </li>
  );
}

export function ContentDatabaseSection() {
  const id = useId();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [category, setCategory] = useState('all');
  const [type, setType] = useState('all');
  const [page, setPage] = useState(1);
  const { t, language } = useTranslation();

  useEffect(() => {
    const timer = window.setTimeout(() => setQ(text), 300);
    return () => window.clearTimeout(timer);
  }, [text]);
  useEffect(() => setPage(1), [q, category, type]);

  const content = useContentLibrary({ q, category, type, page, pageSize: PAGE_SIZE });
  const folders = useCloudFolders();
  const stats = content.data?.stats;
  const pages = content.data ? Math.max(1, Math.ceil(content.data.total / content.data.pageSize)) : 1;

  const tiles = [
    { label: t('content.stats.total'), value: stats && formatNumber(stats.totalItems, language) },
    { label: t('content.stats.videos'), value: stats && formatNumber(stats.videos, language) },
    { label: t('content.stats.documents'), value: stats && formatNumber(stats.documents, language) },
    { label: t('content.stats.storage'), value: stats?.storageUsed },
  ];

  return (
    <div className="space-y-8">
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {tiles.map((tile) => (
          <div key={tile.label} className="card flex flex-col p-5">
            <dt className="text-sm text-slate-400">{tile.label}</dt>
            <dd className="order-first text-2xl font-bold text-white">{tile.value ?? '—'}</dd>
          </div>
        ))}
      </dl>

      <div className="card grid gap-4 p-5 md:grid-cols-[1fr_auto_auto]" role="search">
        <div>
          <label htmlFor={`${id}-q`} className="label">
            {t('content.search')}
          </label>
          <input
            id={`${id}-q`}
            type="search"
            className="field"
            placeholder={t('content.searchPlaceholder')}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${id}-category`} className="label">
            {t('content.category')}
          </label>
          <select id={`${id}-category`} className="field" value={category} onChange={(e) => setCategory(e.target.value)}>
            <option value="all">{t('content.allCategories')}</option>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`content.categories.${c}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-type`} className="label">
            {t('content.type')}
          </label>
          <select id={`${id}-type`} className="field" value={type} onChange={(e) => setType(e.target.value)}>
            <option value="all">{t('content.allTypes')}</option>
            {TYPES.map((kind) => (
              <option key={kind} value={kind}>
                {t(`content.typeNames.${kind}`)}
              </option>
            ))}
          </select>
        </div>
      </div>

      <section aria-labelledby={`${id}-folders`}>
        <h2 id={`${id}-folders`} className="text-lg font-bold text-white">
          {t('content.folders')}
        </h2>
        <div className="mt-4">
          <QueryState query={folders} label={t('content.foldersWhat')}>
            {(items) => (
              <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
                {items.map((f) => (
                  <li key={f.id} className="min-w-0">
                    <ExternalLink href={f.url} className="card flex min-w-0 items-center gap-3 p-4 hover:border-gold-500/50">
                      <Icon name="folder" className="h-6 w-6 shrink-0 text-gold-300" />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate font-medium text-white">{f.title}</span>
                        {f.description && <span className="block truncate text-xs text-slate-400">{f.description}</span>}
                      </span>
                    </ExternalLink>
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
        </div>
      </section>

      <section aria-labelledby={`${id}-items`} aria-busy={content.isFetching}>
        <h2 id={`${id}-items`} className="text-lg font-bold text-white">
          {t('content.library')}
        </h2>
        {content.isPending ? (
          <LoadingBlock label={t('content.loading')} />
        ) : content.isError ? (
          <p role="alert" className="card mt-4 p-6 text-rose-200">
            {t('content.failed', { message: content.error.message })}
          </p>
        ) : content.data.items.length === 0 ? (
          <div className="card mt-4 p-10 text-center">
            <p className="text-lg font-semibold text-white">{t('content.none')}</p>
            <p className="mt-1 text-slate-400">{t('content.noneHint')}</p>
          </div>
        ) : (
          <>
            <ul className="mt-4 grid gap-5 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4">
              {content.data.items.map((item) => (
                <ContentCard key={item.id} item={item} />
              ))}
            </ul>
            {pages > 1 && (
              <nav aria-label={t('content.pages')} className="mt-6 flex items-center justify-center gap-3">
                <button type="button" className="btn-ghost" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                  {t('content.previous')}
                </button>
                <span className="text-sm text-slate-400">{t('content.page', { page, pages })}</span>
                <button type="button" className="btn-ghost" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                  {t('content.next')}
                </button>
              </nav>
            )}
          </>
        )}
      </section>
    </div>
  );
}
