import { useState } from 'react';
import type { Tool } from '../../../api/types';
import { useToolCategories } from '../api/useMemberResources';
import { ExternalLink, QueryState } from '../../../components/QueryState';
import { ResourceIcon } from '../ResourceIcon';
import { useTranslation } from '../../../i18n/useTranslation';
import '../../../i18n/english/learning';

/** Where the toolbox's picks come from (the tips panel links to it). */
const TOOL_DIRECTORY_URL = 'https://tools.example.com/directory';

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text);
  const area = document.createElement('textarea');
  area.value = text;
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('Copy failed');
}

function PromoCode({ tool }: { tool: Tool }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const { t } = useTranslation();
  if (!tool.promoCode) return null;
  const copy = () =>
    copyText(tool.promoCode!)
      .then(() => setState('copied'))
      .catch(() => setState('failed'))
      .finally(() => window.setTimeout(() => setState('idle'), 2000));
  return (
    <div className="mt-4 flex items-center justify-between gap-3 rounded-xl border border-dashed border-gold-500/50 bg-gold-500/5 p-3">
      <div>
        <p className="text-xs text-slate-400">
          {t('toolbox.promo')}
          {tool.discount ? ` · ${tool.discount}` : ''}
        </p>
        <p className="font-mono font-bold tracking-wider text-gold-300">{tool.promoCode}</p>
      </div>
      <button type="button" className="btn-ghost px-3 py-1.5 text-xs" onClick={() => void copy()} aria-label={t('toolbox.copyLabel', { code: tool.promoCode })}>
        {state === 'copied' ? t('toolbox.copied') : state === 'failed' ? t('toolbox.copyFailed') : t('toolbox.copy')}
      </button>
      <span className="sr-only" role="status">
        {state === 'copied' ? t('toolbox.copiedStatus', { code: tool.promoCode }) : ''}
      </span>
    </div>
  );
}

export function ToolboxSection() {
  const categories = useToolCategories();
  const { t } = useTranslation();
  return (
    <div className="space-y-8">
      <QueryState query={categories} label={t('toolbox.what')}>
        {(list) => (
          <>
            {list.map((category) => (
              <section key={category.id} aria-labelledby={`tools-${category.id}`}>
                <h2 id={`tools-${category.id}`} className="flex items-center gap-2 text-lg font-bold text-white">
                  <span className="grid h-9 w-9 place-items-center rounded-xl bg-gold-500/15 text-gold-300">
                    <ResourceIcon name={category.icon} className="h-5 w-5" />
                  </span>
                  {category.title}
                </h2>
                <ul className="mt-4 grid gap-5 md:grid-cols-2 xl:grid-cols-3">
                  {category.tools.map((tool) => (
                    <li key={tool.id} className="card flex flex-col p-5">
                      <h3 className="font-semibold text-white">{tool.name}</h3>
                      <p className="mt-2 flex-1 text-sm text-slate-400">{tool.description}</p>
                      <PromoCode tool={tool} />
                      <ExternalLink href={tool.website} className="btn-ghost mt-4">
                        {t('toolbox.visit')}
                      </ExternalLink>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </>
        )}
      </QueryState>
      <aside className="card p-6" aria-labelledby="toolbox-tips">
        <h2 id="toolbox-tips" className="text-lg font-bold text-white">
          {t('toolbox.tips')}
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-slate-300">
          <li>{t('toolbox.tip1')}</li>
          <li>{t('toolbox.tip2')}</li>
          <li>{t('toolbox.tip3')}</li>
        </ul>
        <p className="mt-4 text-sm text-slate-400">
          {t('toolbox.source')}{' '}
          <ExternalLink href={TOOL_DIRECTORY_URL} className="font-semibold text-gold-300 underline underline-offset-2 hover:text-gold-200">
            {t('toolbox.directory')}
          </ExternalLink>
        </p>
      </aside>
    </div>
  );
}
