/** Demo catalogue: fictional courses with video, text and PDF lessons. */
export interface DemoLesson {
  title: string;
  type: 'video' | 'text' | 'pdf';
  duration: string;
  content: string;
  videoUrl?: string;
  pdf?: { title: string; paragraphs: string[] };
  published?: boolean;
}

export interface DemoCourse {
  title: string;
  description: string;
  instructor: string;
  duration: string;
  category: string;
  status: 'draft' | 'published' | 'archived';
  price: string;
  colors: [string, string];
  lessons: DemoLesson[];
}

export const DEMO_COURSES: DemoCourse[] = [
  {
    title: 'Affiliate Marketing Foundations',
    description: 'How iGaming affiliate programs work, how you get paid and how to pick offers that convert.',
    instructor: 'Maya Lindqvist',
    duration: '2h 30m',
    category: 'Marketing',
    status: 'published',
    price: '197.00',
    colors: ['#4f46e5', '#9333ea'],
    lessons: [
      {
        title: 'Welcome and how this course works',
        type: 'video',
        duration: '8 min',
        content: 'A quick tour of the course, the member area and how to get the most out of it.',
        videoUrl: 'https://www.youtube-nocookie.com/embed/M7lc1UVf-VE',
      },
      {
        title: 'Revenue models: RevShare, CPA and Hybrid',
        type: 'text',
        duration: '15 min',
        content: `# Revenue models

Affiliate programs in this vertical pay in three ways:

- **RevShare**: an ongoing share of the net revenue a referred player generates.
- **CPA**: a one-time payment for each qualified player.
- **Hybrid**: a smaller CPA plus a smaller RevShare.

## Which one to choose

Start with *CPA* when your traffic is cold and volatile; move to **RevShare** once your audience is loyal.

\`\`\`
expected value = deposit rate x average net revenue x share
\`\`\`

Keep a spreadsheet of every deal and its terms.`,
      },
      {
        title: 'Choosing your first offers',
        type: 'text',
        duration: '12 min',
        content: `## Offer checklist

1. Licence and reputation of the brand
2. Minimum payout and payment schedule
3. Negative carry-over policy
4. Available creatives and landing pages

Use \`sub-ids\` from day one so every click is attributable.`,
      },
      {
        title: 'Offer evaluation worksheet',
        type: 'pdf',
        duration: '5 min',
        content: 'Print this worksheet and score every offer before you send traffic to it.',
        pdf: {
          title: 'Offer evaluation worksheet',
          paragraphs: [
            'Score each offer from 1 to 5 on licence, payout terms, conversion flow, creatives and support.',
            'Only test offers that score 18 or more. Revisit your scores every month with real conversion data.',
          ],
        },
      },
      {
        title: 'Your first 30 days plan',
        type: 'video',
        duration: '20 min',
        content: 'A day-by-day plan for your first month as an affiliate.',
        videoUrl: 'https://player.vimeo.com/video/76979871',
      },
    ],
  },
  {
    title: 'Traffic Arbitrage Mastery',
    description: 'Buy traffic, send it to offers and scale the campaigns that return more than they cost.',
    instructor: 'Daniel Okafor',
    duration: '3h 15m',
    category: 'Traffic',
    status: 'published',
    price: '297.00',
    colors: ['#0f766e', '#22c55e'],
    lessons: [
      {
        title: 'Arbitrage in one picture',
        type: 'video',
        duration: '12 min',
        content: 'Cost per click, conversion rate and payout: the three numbers that decide everything.',
        videoUrl: 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ',
      },
      {
        title: 'Reading your ROI correctly',
        type: 'text',
        duration: '10 min',
        content: `# ROI

**ROI** = (revenue - investment) / investment.

- 100% or more: scale carefully
- 50% to 100%: optimise creatives
- below 0: cut or rework

Use the ROI calculator in your dashboard for every campaign.`,
      },
      {
        title: 'Campaign launch checklist',
        type: 'pdf',
        duration: '4 min',
        content: 'The checklist we use before every launch.',
        pdf: {
          title: 'Campaign launch checklist',
          paragraphs: [
            'Tracking tested end to end. Budget cap set. Creatives approved. Landing page speed under two seconds.',
            'Stop-loss rule written down before the first dollar is spent.',
          ],
        },
      },
      {
        title: 'Scaling without breaking',
        type: 'text',
        duration: '18 min',
        content: `## Scaling rules

- Raise budgets by at most 20% a day
- Duplicate winning ad sets instead of editing them
- Watch frequency and creative fatigue`,
      },
      {
        title: 'Advanced bidding (coming soon)',
        type: 'text',
        duration: '10 min',
        content: 'Draft lesson: not visible to learners until published.',
        published: false,
      },
    ],
  },
  {
    title: 'Short-Form Content Engine',
    description: 'Produce short videos every day from a content database, without burning out.',
    instructor: 'Lena Hoffmann',
    duration: '1h 45m',
    category: 'Monetization',
    status: 'published',
    price: '147.00',
    colors: ['#be123c', '#f97316'],
    lessons: [
      {
        title: 'The hook-value-call structure',
        type: 'video',
        duration: '9 min',
        content: 'Every short video follows the same three beats.',
        videoUrl: 'https://www.youtube-nocookie.com/embed/ScMzIvxBSi4',
      },
      {
        title: 'Batching a week of content in one afternoon',
        type: 'text',
        duration: '14 min',
        content: `# Batching

Pick **seven** clips from the content database, write hooks for each, record in one session.

> Consistency beats intensity.`,
      },
      {
        title: 'Caption templates',
        type: 'pdf',
        duration: '3 min',
        content: 'Twenty caption templates you can adapt.',
        pdf: { title: 'Caption templates', paragraphs: ['Question hook. Bold claim hook. Story hook. List hook. Each with three variations.'] },
      },
    ],
  },
  {
    title: 'Automation with N8N',
    description: 'Automate reporting, lead capture and content posting with ready-made workflows.',
    instructor: 'Tomás Rivera',
    duration: '2h 0m',
    category: 'Automation',
    status: 'published',
    price: '197.00',
    colors: ['#1d4ed8', '#06b6d4'],
    lessons: [
      {
        title: 'Installing and securing N8N',
        type: 'video',
        duration: '16 min',
        content: 'Self-host N8N and lock it down.',
        videoUrl: 'https://www.youtube-nocookie.com/embed/ysz5S6PUM-U',
      },
      {
        title: 'Your first workflow: daily stats to chat',
        type: 'text',
        duration: '20 min',
        content: `## Steps

1. Schedule trigger at 08:00
2. HTTP request to your tracker's API
3. Format the numbers
4. Send them to your group chat

Import the template from the **N8N Automations** section.`,
      },
      {
        title: 'Workflow cheat sheet',
        type: 'pdf',
        duration: '4 min',
        content: 'Nodes you will use every day.',
        pdf: { title: 'N8N cheat sheet', paragraphs: ['Schedule, HTTP Request, Set, IF, Merge, Code, Send Message: what each node does and when to use it.'] },
      },
    ],
  },
  {
    title: 'Tracking & Analytics Deep Dive',
    description: 'Set up postbacks, sub-ids and dashboards you can trust.',
    instructor: 'Priya Raman',
    duration: '1h 30m',
    category: 'Analytics',
    status: 'draft',
    price: '97.00',
    colors: ['#334155', '#64748b'],
    lessons: [{ title: 'Postbacks explained', type: 'text', duration: '10 min', content: 'Draft course.' }],
  },
];
