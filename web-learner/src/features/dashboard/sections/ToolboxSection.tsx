import { useState } from 'react';
import type { Tool } from '../../../api/types';
import { useToolCategories } from '../api/useMemberResources';
import { ExternalLink, QueryState } from '../../../components/QueryState';
import { ResourceIcon } from '../ResourceIcon';

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
  if (!tool.promoCode) return null;
  const copy = () =>
    copyText(tool.promoCode!)
      .then(() => setState('copied'))
      .catch(() => setState('failed'))
      .finally(() => window.setTimeout(() => setState('idle'), 2000));
  return (
    <div className="mt-4 flex items-center justify-between gap-3 rounded-xl border border-dashed border-gold-500/50 bg-gold-500/5 p-3">
      <div>
        <p className="text-xs text-slate-400">Promo code{tool.discount ? ` · ${tool.discount}` : ''}</p>
        <p className="font-mono font-bold tracking-wider text-gold-300">{tool.promoCode}</p>
      </div>
      <button type="button" className="btn-ghost px-3 py-1.5 text-xs" onClick={() => void copy()} aria-label={`Copy promo code ${tool.promoCode}`}>
        {state === 'copied' ? 'Copied!' : state === 'failed' ? 'Copy failed' : 'Copy'}
      </button>
      <span className="sr-only" role="status">
        {state === 'copied' ? `Promo code ${tool.promoCode} copied` : ''}
      </span>
    </div>
  );
}

export function ToolboxSection() {
  const categories = useToolCategories();
  return (
    <div className="space-y-8">
      <QueryState query={categories} label="the toolbox">
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
                        Visit Tool
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
          Tips
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-slate-300">
          <li>Copy the promo code before you sign up: most services only apply it at registration or checkout.</li>
          <li>Start with a tracker and a spy tool; add cloaking and automation once a campaign is profitable.</li>
          <li>Use separate browser profiles and payment cards per traffic source to keep accounts safe.</li>
        </ul>
        <p className="mt-4 text-sm text-slate-400">
          Source:{' '}
          <ExternalLink href={TOOL_DIRECTORY_URL} className="font-semibold text-gold-300 underline underline-offset-2 hover:text-gold-200">
            the affiliate tool directory
          </ExternalLink>
        </p>
      </aside>
    </div>
  );
}
