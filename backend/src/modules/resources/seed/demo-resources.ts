/** Demo members' resources: fictional names, example.com links, the spec's counts. */

export const DEMO_AFFILIATE_PROGRAMS = [
  {
    name: 'LuckyNova Partners',
    minPayout: '$50',
    paymentModels: ['RevShare', 'CPA'],
    description: 'Casino and sportsbook brands with lifetime revenue share and weekly payouts.',
  },
  {
    name: 'SpinHarbor Affiliates',
    minPayout: '$100',
    paymentModels: ['RevShare'],
    description: 'Up to 45% revenue share on a portfolio of eight casino brands.',
  },
  { name: 'GoldReel Network', minPayout: '$20', paymentModels: ['CPA', 'Hybrid'], description: 'High CPA deals for tier-1 traffic with fast approval.' },
  {
    name: 'BetMeridian Partners',
    minPayout: '$0',
    paymentModels: ['RevShare', 'Hybrid'],
    description: 'Sportsbook-first program with no minimum payout and a negative-carryover reset.',
  },
  { name: 'JackpotFalcon Affiliates', minPayout: '$75', paymentModels: ['CPA'], description: 'Fixed CPA per first-time depositor, paid twice a month.' },
  {
    name: 'CrownPulse Media',
    minPayout: '$30',
    paymentModels: ['RevShare', 'CPA', 'Hybrid'],
    description: 'Flexible deals for streamers and content creators.',
  },
  { name: 'VelvetChip Partners', minPayout: '$100', paymentModels: ['Hybrid'], description: 'Hybrid deals combining a CPA with 25% lifetime revenue share.' },
  { name: 'NorthStake Affiliates', minPayout: '$25', paymentModels: ['RevShare'], description: 'Nordic-focused brands with localised landing pages.' },
  { name: 'ArcadeBloom Network', minPayout: '$10', paymentModels: ['CPA', 'RevShare'], description: 'Slots-heavy brands converting well on mobile traffic.' },
  { name: 'TidalAce Partners', minPayout: '$60', paymentModels: ['RevShare'], description: 'Poker and live casino rooms with tiered revenue share.' },
  { name: 'EmberDice Affiliates', minPayout: '$40', paymentModels: ['CPA', 'Hybrid'], description: 'Crypto-friendly casino brands paying in USDT or BTC.' },
  {
    name: 'SummitOdds Network',
    minPayout: '$90',
    paymentModels: ['Hybrid', 'RevShare'],
    description: 'Esports betting brands with dedicated affiliate managers.',
  },
];

export const DEMO_TOOL_CATEGORIES: Array<{
  title: string;
  icon: string;
  tools: Array<{ name: string; description: string; promoCode?: string; discount?: string }>;
}> = [
  {
    title: 'Payment & Cards',
    icon: 'credit-card',
    tools: [
      { name: 'CardForge', description: 'Virtual cards for ad accounts with instant top-ups.', promoCode: 'CPARIP', discount: '10% off fees' },
      { name: 'PayLattice', description: 'Multi-currency wallets for paying traffic sources.' },
    ],
  },
  {
    title: 'Spy Services',
    icon: 'eye',
    tools: [
      { name: 'AdLens Spy', description: 'Search competitors’ creatives and landing pages by geo.', promoCode: 'CPARIP', discount: '20% off' },
      { name: 'FunnelScope', description: 'Follows redirect chains to reveal full funnels.' },
      { name: 'PushRadar', description: 'Push and in-page ad library with daily updates.' },
    ],
  },
  {
    title: 'Tracking & Analytics',
    icon: 'bar-chart',
    tools: [
      { name: 'ClickLedger', description: 'Self-hosted tracker with postback support.', promoCode: 'CPARIP', discount: '1 month free' },
      { name: 'ConvertMeter', description: 'Cloud tracker with bot filtering and cost sync.' },
    ],
  },
  {
    title: 'Cloaking & Security',
    icon: 'shield',
    tools: [
      { name: 'GateKeep', description: 'Traffic filtering with a maintained bot database.' },
      { name: 'SafeRoute', description: 'Domain rotation and uptime monitoring.', promoCode: 'CPARIP', discount: '15% off' },
    ],
  },
  {
    title: 'Browser & Automation',
    icon: 'globe',
    tools: [
      { name: 'ProfileNest', description: 'Anti-detect browser profiles for team work.', promoCode: 'CPARIP', discount: '30% off first month' },
      { name: 'FlowPilot', description: 'No-code browser automation for repetitive tasks.' },
      { name: 'ProxyMint', description: 'Residential and mobile proxies by city.' },
    ],
  },
  {
    title: 'Traffic & Optimization',
    icon: 'trending-up',
    tools: [
      { name: 'BidTuner', description: 'Rule-based bid optimisation for push and pop networks.' },
      { name: 'SplitHive', description: 'A/B tests of landers with automatic winner selection.', promoCode: 'CPARIP', discount: '25% off' },
    ],
  },
];

export const DEMO_AUTOMATIONS = [
  {
    name: 'Lead to CRM Sync',
    icon: 'users',
    department: 'Sales',
    category: 'CRM',
    description: 'Sends new sign-ups from your tracker to a CRM with tags by source.',
  },
  {
    name: 'Daily Revenue Digest',
    icon: 'mail',
    department: 'Finance',
    category: 'Reporting',
    description: 'Collects yesterday’s earnings from your networks and emails a summary.',
  },
  {
    name: 'Creative Rotation',
    icon: 'image',
    department: 'Marketing',
    category: 'Ads',
    description: 'Pauses tired creatives and activates fresh ones on a schedule.',
  },
  {
    name: 'Telegram Post Scheduler',
    icon: 'send',
    department: 'Marketing',
    category: 'Social',
    description: 'Publishes queued posts to your Telegram channels.',
  },
  {
    name: 'Postback Monitor',
    icon: 'activity',
    department: 'Operations',
    category: 'Monitoring',
    description: 'Alerts you when conversions stop arriving from a network.',
  },
  {
    name: 'Domain Health Check',
    icon: 'shield',
    department: 'Operations',
    category: 'Monitoring',
    description: 'Checks domains against blocklists and warns before they burn.',
  },
  {
    name: 'Offer Cap Watcher',
    icon: 'alert-triangle',
    department: 'Operations',
    category: 'Alerts',
    description: 'Notifies you when an offer nears its daily cap.',
  },
  {
    name: 'Spend Sheet Export',
    icon: 'file-text',
    department: 'Finance',
    category: 'Reporting',
    description: 'Writes daily spend per campaign to a spreadsheet.',
  },
  {
    name: 'Comment Moderator',
    icon: 'message-circle',
    department: 'Support',
    category: 'Social',
    description: 'Hides spam comments on your social posts automatically.',
  },
  {
    name: 'Keyword Trend Scout',
    icon: 'search',
    department: 'Marketing',
    category: 'Research',
    description: 'Tracks rising search terms in your niche every week.',
  },
  {
    name: 'Invoice Reminder',
    icon: 'credit-card',
    department: 'Finance',
    category: 'Billing',
    description: 'Reminds networks about unpaid invoices after the due date.',
  },
  {
    name: 'Landing Page Uptime',
    icon: 'globe',
    department: 'Operations',
    category: 'Monitoring',
    description: 'Pings your landers every five minutes and reports downtime.',
  },
];

export const DEMO_BOTS = [
  {
    name: 'ReplyRocket',
    description: 'Answers comments on your channels with templates you choose.',
    features: ['Keyword triggers', 'Reply templates', 'Quiet hours', 'Activity log'],
  },
  {
    name: 'GroupGrowth',
    description: 'Invites engaged members of public groups to your channel.',
    features: ['Audience filters', 'Daily limits', 'Invite tracking'],
  },
  {
    name: 'PostPilot',
    description: 'Cross-posts content to several channels at the best times.',
    features: ['Scheduling', 'Time-zone aware', 'Media support', 'Retry on failure'],
  },
  {
    name: 'ViewBooster',
    description: 'Shares your posts across partner networks to grow reach.',
    features: ['Partner network', 'Reach stats', 'Spam-safe pacing'],
  },
];

export const DEMO_CLOUD_FOLDERS = [
  'Casino Creatives Pack',
  'Sportsbook Banners',
  'Landing Page Templates',
  'Push Notification Texts',
  'Video Ad Hooks',
  'Email Swipe Files',
  'Telegram Post Ideas',
  'Pre-lander Collection',
  'Bonus Offer Graphics',
  'Short-form Video Clips',
  'Case Study Screenshots',
  'Compliance Checklists',
].map((title, i) => ({ title, description: `Shared folder ${i + 1}: ${title.toLowerCase()} for your campaigns.` }));

export interface DemoContentItem {
  title: string;
  type: 'video' | 'document' | 'image' | 'audio';
  category: 'programming' | 'marketing' | 'design' | 'business';
  duration?: string;
  size?: string;
  tags: string[];
  daysAgo: number;
  /** Documents and images get a real generated file; videos and audio link out. */
  paragraphs?: string[];
  color?: [number, number, number];
}

export const DEMO_CONTENT: DemoContentItem[] = [
  {
    title: 'Hook Writing for Short Videos',
    type: 'video',
    category: 'marketing',
    duration: '12:40',
    size: '245 MB',
    tags: ['TikTok', 'hooks', 'copywriting'],
    daysAgo: 2,
  },
  {
    title: 'Funnel Math Cheat Sheet',
    type: 'document',
    category: 'business',
    tags: ['ROI', 'funnels', 'metrics'],
    daysAgo: 3,
    paragraphs: ['ROI = (revenue - cost) / cost.', 'Track EPC, CR and CPA for every campaign.'],
  },
  { title: 'Landing Page Hero Layouts', type: 'image', category: 'design', tags: ['landing', 'layout', 'UI'], daysAgo: 5, color: [37, 99, 235] },
  {
    title: 'Tracker Postbacks Explained',
    type: 'video',
    category: 'programming',
    duration: '18:05',
    size: '310 MB',
    tags: ['tracking', 'postback', 'S2S'],
    daysAgo: 6,
  },
  {
    title: 'Affiliate Deal Negotiation Notes',
    type: 'document',
    category: 'business',
    tags: ['deals', 'RevShare', 'CPA'],
    daysAgo: 8,
    paragraphs: ['Ask for a hybrid deal once you send steady volume.', 'Negotiate carryover terms before you scale.'],
  },
  {
    title: 'Interview: Scaling Push Traffic',
    type: 'audio',
    category: 'marketing',
    duration: '41:12',
    size: '58 MB',
    tags: ['push', 'scaling', 'podcast'],
    daysAgo: 9,
  },
  { title: 'Creative Color Palettes', type: 'image', category: 'design', tags: ['creatives', 'color', 'banners'], daysAgo: 11, color: [220, 38, 38] },
  {
    title: 'Automating Reports with Webhooks',
    type: 'video',
    category: 'programming',
    duration: '22:30',
    size: '402 MB',
    tags: ['automation', 'webhooks', 'n8n'],
    daysAgo: 13,
  },
  {
    title: 'Compliance Basics for Gambling Ads',
    type: 'document',
    category: 'business',
    tags: ['compliance', 'ads', 'policy'],
    daysAgo: 15,
    paragraphs: ['Check each geo’s licensing rules before launch.', 'Never target minors; keep responsible-gambling notices visible.'],
  },
  { title: 'Banner Size Reference', type: 'image', category: 'design', tags: ['banners', 'sizes', 'display'], daysAgo: 18, color: [22, 163, 74] },
  {
    title: 'Mindset of a Media Buyer',
    type: 'audio',
    category: 'business',
    duration: '33:47',
    size: '46 MB',
    tags: ['mindset', 'podcast', 'media buying'],
    daysAgo: 21,
  },
  {
    title: 'SEO for Review Sites',
    type: 'video',
    category: 'marketing',
    duration: '27:18',
    size: '512 MB',
    tags: ['SEO', 'review sites', 'content'],
    daysAgo: 25,
  },
  {
    title: 'Scraping Offer Data with Python',
    type: 'document',
    category: 'programming',
    tags: ['Python', 'scraping', 'offers'],
    daysAgo: 28,
    paragraphs: ['Use requests and a parser to collect offer tables.', 'Respect robots.txt and rate limits.'],
  },
  {
    title: 'Retention Email Templates',
    type: 'document',
    category: 'marketing',
    tags: ['email', 'retention', 'templates'],
    daysAgo: 32,
    paragraphs: ['Day 1: welcome and bonus reminder.', 'Day 7: highlight a new game or market.'],
  },
];

export const DEMO_TESTIMONIALS = [
  { name: 'Marcus T.', text: 'The traffic course paid for itself in my second month. Clear, practical and no fluff.' },
  { name: 'Elena R.', text: 'The toolbox discounts alone saved me more than the price of access.' },
  { name: 'Daniel K.', text: 'I finally understand RevShare versus CPA and picked the right deals for my traffic.' },
  { name: 'Priya S.', text: 'The automation templates cut my reporting time from hours to minutes.' },
  { name: 'Jonas W.', text: 'Great structure: every lesson ends with something I could apply the same day.' },
  { name: 'Fatima A.', text: 'The content database keeps me stocked with fresh creatives every week.' },
  { name: 'Leo M.', text: 'Went from zero to my first profitable campaign in six weeks.' },
  { name: 'Sara B.', text: 'Supportive community and lessons that are updated when the market changes.' },
];
