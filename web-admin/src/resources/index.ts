import affiliatePrograms from './affiliate-programs';
import automations from './automations';
import bots from './bots';
import cloudFolders from './cloud-folders';
import content from './content';
import testimonials from './testimonials';
import toolCategories from './tool-categories';
import tools from './tools';

/** The members' resources, each a simple-rest resource at /api/admin/<name>, in the order the hub lists them. */
export const MEMBERS_RESOURCES = [
  { name: 'affiliate-programs', title: 'Affiliate programs', description: 'Partner programs with payout and payment models', definition: affiliatePrograms },
  { name: 'tool-categories', title: 'Tool categories', description: 'Groups of tools (at most 3 tools each)', definition: toolCategories },
  { name: 'tools', title: 'Tools', description: 'Recommended tools with promo codes', definition: tools },
  { name: 'automations', title: 'Automation templates', description: 'Ready-made automations by department', definition: automations },
  { name: 'bots', title: 'Bots', description: 'Bots with features, image and download', definition: bots },
  { name: 'content', title: 'Content', description: 'Videos, documents, images and audio with uploads', definition: content },
  { name: 'cloud-folders', title: 'Cloud folders', description: 'Links to shared cloud folders', definition: cloudFolders },
  { name: 'testimonials', title: 'Testimonials', description: 'Quotes shown on the landing page', definition: testimonials },
] as const;
