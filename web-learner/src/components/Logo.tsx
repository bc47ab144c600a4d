import { SiteLink } from './SiteLink';
import { useSite } from '../api/site';

/** The brand mark with the site name of the General settings; `compact` keeps only the mark below the sm breakpoint (the name stays for screen readers). */
export function Logo({ to = '/', compact = false }: { to?: string; compact?: boolean }) {
  const { name } = useSite();
  return (
    <SiteLink to={to} className="inline-flex items-center gap-2.5 rounded-lg font-bold tracking-tight text-white">
      <span aria-hidden="true" className="grid h-9 w-9 place-items-center rounded-xl bg-linear-to-br from-gold-300 to-gold-600 text-lg font-black text-ink-950">
        {name.trim().charAt(0).toUpperCase() || 'A'}
      </span>
      <span className={compact ? 'text-lg max-sm:sr-only' : 'text-lg'}>{name}</span>
    </SiteLink>
  );
}
