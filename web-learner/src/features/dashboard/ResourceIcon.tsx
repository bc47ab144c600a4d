import { iconPath, SvgIcon } from '../../components/Icon';

/**
 * Icons of the members' resources: admins name them (Feather/Lucide names
 * such as 'credit-card'); an emoji is shown as it is, an unknown name gets
 * a neutral icon.
 */
const NAMED: Record<string, string> = {
  'credit-card': 'M3 6h18a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1zM2 10h20M6 15h4',
  eye: 'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12zm10 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  globe: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM2 12h20M12 2c2.5 2.7 4 6.3 4 10s-1.5 7.3-4 10c-2.5-2.7-4-6.3-4-10s1.5-7.3 4-10z',
  'trending-up': 'M22 7l-8.5 8.5-5-5L2 17M16 7h6v6',
  mail: 'M3 5h18a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm-1 1l10 7 10-7',
  image: 'M4 3h16a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zm4.5 7a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zM21 15l-5-5L5 21',
  send: 'M22 2L11 13M22 2l-7 20-4-9-9-4 20-7z',
  activity: 'M22 12h-4l-3 9L9 3l-3 9H2',
  search: 'M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16zm10 2l-4.3-4.3',
  'alert-triangle': iconPath('alert'),
  'bar-chart': iconPath('chart'),
  'file-text': iconPath('file'),
  'message-circle': iconPath('chat'),
  shield: iconPath('shield'),
  users: iconPath('users'),
  lock: iconPath('lock'),
  zap: iconPath('bolt'),
  bot: iconPath('bot'),
  tool: iconPath('wrench'),
  folder: iconPath('folder'),
  play: iconPath('play'),
  database: iconPath('database'),
};

export function ResourceIcon({ name, className = 'h-6 w-6' }: { name: string; className?: string }) {
  if (/\P{ASCII}/u.test(name)) {
    return (
      <span aria-hidden="true" className="text-xl leading-none">
        {name}
      </span>
    );
  }
  return <SvgIcon d={NAMED[name.trim().toLowerCase()] ?? iconPath('bolt')} className={className} />;
}
