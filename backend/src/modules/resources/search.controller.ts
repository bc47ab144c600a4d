import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequiresAccess } from '../../common/auth/decorators';
import { SearchQueryDto } from './dto/content-query.dto';
import { SearchService, type SearchResult } from './search.service';

@ApiTags('resources')
@RequiresAccess()
@Controller('search')
export class SearchController {
  constructor(private readonly searchService: SearchService) {}

  @Get()
  @ApiOperation({ summary: 'Courses, lessons and members’ resources whose title (or tags, description) match q, case-insensitively' })
  async search(@Query() query: SearchQueryDto): Promise<{ results: SearchResult[] }> {
    return { results: await this.searchService.search(query.q) };
  }
}
