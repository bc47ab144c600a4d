import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { SearchResult } from '../../api/types';
import { MIN_SEARCH_LENGTH, useSearch } from './api/useSearch';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/english/learning';

/** The interface text key of each kind of result (i18n: search.kinds.*). */
const KIND_KEYS: Record<SearchResult['kind'], string> = {
  course: 'course',
  lesson: 'lesson',
  'affiliate-program': 'affiliateProgram',
  tool: 'tool',
  automation: 'automation',
  bot: 'bot',
  content: 'content',
};

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** Searches courses, lessons and resources on the server as the learner types. */
export function SearchBox() {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const q = useDebounced(text.trim(), 250);
  const results = useSearch(q);
  const { t } = useTranslation();

  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      if (box.current && !box.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, []);

  const showPanel = open && q.length >= MIN_SEARCH_LENGTH;
  const close = () => {
    setOpen(false);
    setText('');
  };

  return (
    <div ref={box} className="relative order-last w-full sm:order-none sm:w-auto" onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
      <label htmlFor={`${id}-q`} className="sr-only">
        {t('search.label')}
      </label>
      <input
        id={`${id}-q`}
        type="search"
        placeholder={t('search.placeholder')}
        className="field w-full py-2 text-sm sm:w-56 lg:w-72"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        aria-controls={showPanel ? `${id}-results` : undefined}
        autoComplete="off"
      />
      {showPanel && (
        <div id={`${id}-results`} className="popover">
          {results.isPending && <p className="p-3 text-sm text-slate-400">{t('search.searching')}</p>}
          {results.isError && <p className="p-3 text-sm text-rose-300">{t('search.unavailable')}</p>}
          {results.data && (
            <>
              <p className="sr-only" role="status">
                {t('search.results', { count: results.data.length })}
              </p>
              {results.data.length === 0 ? (
                <p className="p-3 text-sm text-slate-400">{t('search.none', { q })}</p>
              ) : (
                <ul>
                  {results.data.map((r) => {
                    const body = (
                      <>
                        <span className="block text-xs font-semibold tracking-wide text-gold-300 uppercase">
                          {KIND_KEYS[r.kind] ? t(`search.kinds.${KIND_KEYS[r.kind]}`) : r.kind}
                        </span>
                        <span className="block font-medium text-white">{r.title}</span>
                        {r.subtitle && <span className="block truncate text-xs text-slate-400">{r.subtitle}</span>}
                      </>
                    );
                    const cls = 'block rounded-lg px-3 py-2 hover:bg-ink-700 focus:bg-ink-700';
                    return (
                      <li key={`${r.kind}-${r.id}`}>
                        {r.url.startsWith('/') ? (
                          <Link to={r.url} className={cls} onClick={close}>
                            {body}
                          </Link>
                        ) : (
                          <a href={r.url} target="_blank" rel="noopener noreferrer" className={cls} onClick={close}>
                            {body}
                          </a>
                        )}
                      </li>
                    );
                  })}
                </ul>
              )}
            </>
          )}
        </div>
      )}
    </div>
  );
}
