import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CONTENT_CATEGORIES, CONTENT_TYPES, PAYMENT_MODELS, type ContentCategory, type ContentType } from '../resource-kinds';
import { RESOURCE_SEARCH_KINDS, type ResourceSearchKind } from '../resources.repository';

/** The members' resources as the learner dashboard shows them (published ones only). */
export class AffiliateProgramView {
  @ApiProperty()
  id: number;
  @ApiProperty()
  name: string;
  @ApiProperty()
  website: string;
  @ApiProperty()
  description: string;
  @ApiProperty({ example: '$50' })
  minPayout: string;
  @ApiProperty({ type: [String], enum: PAYMENT_MODELS })
  paymentModels: string[];
}

export class ToolView {
  @ApiProperty()
  id: number;
  @ApiProperty()
  name: string;
  @ApiProperty()
  description: string;
  @ApiProperty()
  website: string;
  @ApiProperty({ type: String, nullable: true })
  promoCode: string | null;
  @ApiProperty({ type: String, nullable: true, example: '20% off' })
  discount: string | null;
}

export class ToolCategoryView {
  @ApiProperty()
  id: number;
  @ApiProperty()
  title: string;
  @ApiProperty()
  icon: string;
  @ApiProperty({ type: [ToolView] })
  tools: ToolView[];
}

export class AutomationView {
  @ApiProperty()
  id: number;
  @ApiProperty()
  name: string;
  @ApiProperty()
  description: string;
  @ApiProperty()
  icon: string;
  @ApiProperty()
  department: string;
  @ApiProperty()
  category: string;
  @ApiProperty()
  link: string;
}

export class BotView {
  @ApiProperty()
  id: number;
  @ApiProperty()
  name: string;
  @ApiProperty()
  description: string;
  @ApiProperty({ example: 'Free' })
  price: string;
  @ApiProperty()
  image: string;
  @ApiProperty({ type: [String] })
  features: string[];
  @ApiProperty({ description: 'A signed link for an uploaded file, the external link otherwise, or empty' })
  downloadUrl: string;
}

export class CloudFolderView {
  @ApiProperty()
  id: number;
  @ApiProperty()
  title: string;
  @ApiProperty()
  description: string;
  @ApiProperty()
  url: string;
}

export class TestimonialView {
  @ApiProperty()
  id: number;
  @ApiProperty()
  name: string;
  @ApiProperty()
  text: string;
  @ApiProperty({ minimum: 1, maximum: 5 })
  rating: number;
}

export class ContentItemView {
  @ApiProperty()
  id: number;
  @ApiProperty()
  title: string;
  @ApiProperty({ enum: CONTENT_TYPES, enumName: 'ContentType' })
  type: ContentType;
  @ApiProperty({ enum: CONTENT_CATEGORIES, enumName: 'ContentCategory' })
  category: ContentCategory;
  @ApiProperty({ type: String, nullable: true, example: '12:30' })
  duration: string | null;
  @ApiProperty({ type: String, nullable: true, example: '2.4 MB' })
  size: string | null;
  @ApiProperty({ type: [String] })
  tags: string[];
  @ApiProperty({ example: '2026-01-31' })
  dateAdded: string;
  @ApiProperty({ type: String, nullable: true })
  thumbnail: string | null;
  @ApiProperty({ description: 'Opens the item in the browser (a signed link for an uploaded file)' })
  viewUrl: string;
  @ApiProperty({ description: 'Saves the item (a signed link for an uploaded file)' })
  downloadUrl: string;
}

export class ContentStats {
  @ApiProperty()
  totalItems: number;
  @ApiProperty()
  videos: number;
  @ApiProperty()
  documents: number;
  @ApiProperty({ example: '1.2 GB' })
  storageUsed: string;
}

export class ContentPage {
  @ApiProperty({ type: [ContentItemView] })
  items: ContentItemView[];
  @ApiProperty()
  total: number;
  @ApiProperty()
  page: number;
  @ApiProperty()
  pageSize: number;
  @ApiProperty()
  stats: ContentStats;
}

export class AffiliatePrograms {
  @ApiProperty({ type: [AffiliateProgramView] })
  items: AffiliateProgramView[];
}

export class ToolCategories {
  @ApiProperty({ type: [ToolCategoryView] })
  categories: ToolCategoryView[];
}

export class Automations {
  @ApiProperty({ type: [AutomationView] })
  items: AutomationView[];
}

export class Bots {
  @ApiProperty({ type: [BotView] })
  items: BotView[];
}

export class CloudFolders {
  @ApiProperty({ type: [CloudFolderView] })
  items: CloudFolderView[];
}

export class Testimonials {
  @ApiProperty({ type: [TestimonialView] })
  testimonials: TestimonialView[];
}

export type SearchKind = 'course' | 'lesson' | ResourceSearchKind;
const SEARCH_KINDS: readonly SearchKind[] = ['course', 'lesson', ...RESOURCE_SEARCH_KINDS];

/** One hit of the dashboard search. */
export class SearchResult {
  @ApiProperty({ enum: SEARCH_KINDS, enumName: 'SearchKind' })
  kind: SearchKind;
  @ApiProperty()
  id: number;
  @ApiProperty()
  title: string;
  @ApiPropertyOptional()
  subtitle?: string;
  @ApiProperty({ description: 'Where the hit opens in the learner app', example: '/dashboard/toolbox' })
  url: string;
}

export class SearchResults {
  @ApiProperty({ type: [SearchResult] })
  results: SearchResult[];
}
