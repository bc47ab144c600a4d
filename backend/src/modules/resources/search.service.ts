import { Injectable } from '@nestjs/common';
import { likePattern } from '../../common/http/list-query';
import { CoursesService, type SearchHit } from '../courses';
import type { SearchKind, SearchResult } from './dto/resource-views.dto';
import { RESOURCE_SEARCH_KINDS, ResourcesRepository } from './resources.repository';

/** Results per kind: the dashboard's drop-down shows a short list, not a results page. */
const PER_KIND = 5;

const toResult =
  (kind: SearchKind) =>
  ({ subtitle, ...hit }: SearchHit): SearchResult => ({ kind, ...hit, ...(subtitle ? { subtitle } : {}) });

/** The dashboard's search box: published courses and lessons (from the courses module) and members' resources matching a text. */
@Injectable()
export class SearchService {
  constructor(
    private readonly courses: CoursesService,
    private readonly resources: ResourcesRepository,
  ) {}

  async search(text: string): Promise<SearchResult[]> {
    const q = text.trim();
    if (q.length === 0) return [];
    const pattern = likePattern(q);
    const [catalogue, ...groups] = await Promise.all([
      this.courses.search(pattern, PER_KIND),
      ...RESOURCE_SEARCH_KINDS.map(async (kind) => (await this.resources.search(kind, pattern, PER_KIND)).map(toResult(kind))),
    ]);
    return [...catalogue.courses.map(toResult('course')), ...catalogue.lessons.map(toResult('lesson')), ...groups.flat()];
  }
}
