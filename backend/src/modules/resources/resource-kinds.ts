import { filters } from '../../common/http/list-query';
import { text, type FieldDef } from './resource-fields';

export const PAYMENT_MODELS = ['RevShare', 'CPA', 'Hybrid'] as const;
export const CONTENT_TYPES = ['video', 'document', 'image', 'audio'] as const;
export const CONTENT_CATEGORIES = ['programming', 'marketing', 'design', 'business'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];
export type ContentCategory = (typeof CONTENT_CATEGORIES)[number];
export const MAX_TOOLS_PER_CATEGORY = 3;

/** A read-only field computed by SQL (`sql AS "name"`), and the JSON type it answers. */
export interface ComputedField {
  name: string;
  sql: string;
  type: 'integer' | 'number';
  nullable?: boolean;
  description: string;
}

/** A kind of members' resource: its table, its fields and how the admin list treats it. */
export interface ResourceKind {
  /** Path under /api/admin, the Content-Range name and the audit resource. */
  resource: string;
  table: string;
  /** Singular, for messages: "Affiliate program not found". */
  noun: string;
  /** The field that names a record in audit summaries. */
  titleField: string;
  /** Columns the `q` filter searches (case-insensitive). */
  searchColumns: string[];
  /** Extra condition for `q` (content: any tag). `?` is the ILIKE pattern. */
  searchExtra?: string;
  fields: FieldDef[];
  /** Fields shown but never written (ignored when react-admin sends the whole record back). */
  readOnly: string[];
  /** Extra computed, read-only fields (also listed in readOnly). */
  computed?: ComputedField[];
  /** The field that may point at an uploaded file the learner downloads; its media row is linked in `media_id`. */
  download?: { field: string; sizeBytesColumn?: string; sizeTextField?: string };
}

const sortOrder: FieldDef = {
  name: 'sortOrder',
  column: 'sort_order',
  label: 'Sort order',
  rule: { kind: 'int', min: 0, max: 100000 },
  default: 0,
  sortable: true,
};
const published: FieldDef = {
  name: 'published',
  column: 'published',
  label: 'Published',
  rule: { kind: 'bool' },
  default: true,
  sortable: true,
  filter: filters.bool(),
};
const description = (max = 2000): FieldDef => ({ name: 'description', column: 'description', label: 'Description', rule: text(max), default: '' });

const COMMON_READ_ONLY = ['id', 'createdAt', 'updatedAt'];

export const AFFILIATE_PROGRAMS: ResourceKind = {
  resource: 'affiliate-programs',
  table: 'affiliate_programs',
  noun: 'Affiliate program',
  titleField: 'name',
  searchColumns: ['name', 'description'],
  fields: [
    { name: 'name', column: 'name', label: 'Name', rule: text(120, { required: true }), default: '', sortable: true },
    { name: 'website', column: 'website', label: 'Website', rule: { kind: 'url', required: true }, default: '' },
    description(),
    { name: 'minPayout', column: 'min_payout', label: 'Minimum payout', rule: text(40), default: '' },
    {
      name: 'paymentModels',
      column: 'payment_models',
      label: 'Payment models',
      default: [],
      rule: { kind: 'list', maxItems: PAYMENT_MODELS.length, itemMax: 20, values: PAYMENT_MODELS },
    },
    sortOrder,
    published,
  ],
  readOnly: COMMON_READ_ONLY,
};

export const TOOL_CATEGORIES: ResourceKind = {
  resource: 'tool-categories',
  table: 'tool_categories',
  noun: 'Tool category',
  titleField: 'title',
  searchColumns: ['title'],
  fields: [
    { name: 'title', column: 'title', label: 'Title', rule: text(120, { required: true }), default: '', sortable: true },
    { name: 'icon', column: 'icon', label: 'Icon', rule: text(60), default: '' },
    sortOrder,
    published,
  ],
  readOnly: [...COMMON_READ_ONLY, 'toolCount'],
  computed: [
    { name: 'toolCount', sql: '(SELECT count(*)::int FROM tools t WHERE t.category_id = r.id)', type: 'integer', description: 'Tools in the category' },
  ],
};

export const TOOLS: ResourceKind = {
  resource: 'tools',
  table: 'tools',
  noun: 'Tool',
  titleField: 'name',
  searchColumns: ['name', 'description', 'promo_code'],
  fields: [
    {
      name: 'categoryId',
      column: 'category_id',
      label: 'Category',
      rule: { kind: 'int', min: 1, max: 2_147_483_647, required: true },
      default: undefined,
      sortable: true,
      filter: filters.int(),
    },
    { name: 'name', column: 'name', label: 'Name', rule: text(120, { required: true }), default: '', sortable: true },
    description(),
    { name: 'website', column: 'website', label: 'Website', rule: { kind: 'url', required: true }, default: '' },
    { name: 'promoCode', column: 'promo_code', label: 'Promo code', rule: text(60, { nullable: true }), default: null },
    { name: 'discount', column: 'discount', label: 'Discount', rule: text(60, { nullable: true }), default: null },
    sortOrder,
    published,
  ],
  readOnly: COMMON_READ_ONLY,
};

export const AUTOMATIONS: ResourceKind = {
  resource: 'automations',
  table: 'automation_templates',
  noun: 'Automation template',
  titleField: 'name',
  searchColumns: ['name', 'description', 'department', 'category'],
  fields: [
    { name: 'name', column: 'name', label: 'Name', rule: text(120, { required: true }), default: '', sortable: true },
    description(),
    { name: 'icon', column: 'icon', label: 'Icon', rule: text(60), default: '' },
    { name: 'department', column: 'department', label: 'Department', rule: text(60), default: '', sortable: true, filter: filters.text(60) },
    { name: 'category', column: 'category', label: 'Category', rule: text(60), default: '', sortable: true, filter: filters.text(60) },
    { name: 'link', column: 'link', label: 'Link', rule: { kind: 'url', required: true }, default: '' },
    sortOrder,
    published,
  ],
  readOnly: COMMON_READ_ONLY,
};

export const BOTS: ResourceKind = {
  resource: 'bots',
  table: 'bots',
  noun: 'Bot',
  titleField: 'name',
  searchColumns: ['name', 'description'],
  fields: [
    { name: 'name', column: 'name', label: 'Name', rule: text(120, { required: true }), default: '', sortable: true },
    description(),
    { name: 'price', column: 'price', label: 'Price', rule: text(40), default: 'Free' },
    { name: 'image', column: 'image', label: 'Image', rule: { kind: 'url', uploads: true }, default: '' },
    { name: 'features', column: 'features', label: 'Features', rule: { kind: 'list', maxItems: 20, itemMax: 200 }, default: [] },
    { name: 'downloadUrl', column: 'download_url', label: 'Download', rule: { kind: 'url', uploads: true }, default: '' },
    sortOrder,
    published,
  ],
  readOnly: COMMON_READ_ONLY,
  download: { field: 'downloadUrl' },
};

export const CONTENT_ITEMS: ResourceKind = {
  resource: 'content',
  table: 'content_items',
  noun: 'Content item',
  titleField: 'title',
  searchColumns: ['title'],
  searchExtra: 'EXISTS (SELECT 1 FROM unnest(r.tags) AS tag WHERE tag ILIKE ?)',
  fields: [
    { name: 'title', column: 'title', label: 'Title', rule: text(200, { required: true }), default: '', sortable: true },
    {
      name: 'type',
      column: 'type',
      label: 'Type',
      rule: { kind: 'enum', values: CONTENT_TYPES },
      default: 'document',
      sortable: true,
      filter: filters.oneOf(CONTENT_TYPES),
    },
    {
      name: 'category',
      column: 'category',
      label: 'Category',
      rule: { kind: 'enum', values: CONTENT_CATEGORIES },
      default: 'business',
      sortable: true,
      filter: filters.oneOf(CONTENT_CATEGORIES),
    },
    { name: 'duration', column: 'duration', label: 'Duration', rule: text(40, { nullable: true }), default: null },
    { name: 'size', column: 'size', label: 'Size', rule: text(40, { nullable: true }), default: null },
    { name: 'tags', column: 'tags', label: 'Tags', rule: { kind: 'list', maxItems: 20, itemMax: 40 }, default: [] },
    {
      name: 'dateAdded',
      column: 'date_added',
      label: 'Date added',
      rule: { kind: 'date' },
      default: undefined,
      sortable: true,
      select: `to_char(r.date_added, 'YYYY-MM-DD')`,
    },
    { name: 'thumbnail', column: 'thumbnail', label: 'Thumbnail', rule: { kind: 'url', uploads: true }, default: '' },
    { name: 'fileUrl', column: 'file_url', label: 'File or link', rule: { kind: 'url', uploads: true }, default: '' },
    sortOrder,
    published,
  ],
  readOnly: [...COMMON_READ_ONLY, 'sizeBytes'],
  computed: [{ name: 'sizeBytes', sql: 'r.size_bytes::float8', type: 'number', nullable: true, description: "The uploaded file's size in bytes" }],
  download: { field: 'fileUrl', sizeBytesColumn: 'size_bytes', sizeTextField: 'size' },
};

export const CLOUD_FOLDERS: ResourceKind = {
  resource: 'cloud-folders',
  table: 'cloud_folders',
  noun: 'Cloud folder',
  titleField: 'title',
  searchColumns: ['title', 'description'],
  fields: [
    { name: 'title', column: 'title', label: 'Title', rule: text(200, { required: true }), default: '', sortable: true },
    description(),
    { name: 'url', column: 'url', label: 'URL', rule: { kind: 'url', required: true }, default: '' },
    sortOrder,
    published,
  ],
  readOnly: COMMON_READ_ONLY,
};

export const TESTIMONIALS: ResourceKind = {
  resource: 'testimonials',
  table: 'testimonials',
  noun: 'Testimonial',
  titleField: 'name',
  searchColumns: ['name', 'text'],
  fields: [
    { name: 'name', column: 'name', label: 'Name', rule: text(120, { required: true }), default: '', sortable: true },
    { name: 'text', column: 'text', label: 'Text', rule: text(2000, { required: true }), default: '' },
    { name: 'rating', column: 'rating', label: 'Rating', rule: { kind: 'int', min: 1, max: 5 }, default: 5, sortable: true, filter: filters.int() },
    sortOrder,
    published,
  ],
  readOnly: COMMON_READ_ONLY,
};

export const RESOURCE_KINDS = [AFFILIATE_PROGRAMS, TOOL_CATEGORIES, TOOLS, AUTOMATIONS, BOTS, CONTENT_ITEMS, CLOUD_FOLDERS, TESTIMONIALS] as const;
