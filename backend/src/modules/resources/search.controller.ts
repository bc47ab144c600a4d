import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequiresAccess } from '../../common/auth/decorators';
import { SearchQueryDto } from './dto/content-query.dto';
import { SearchResults } from './dto/resource-views.dto';
import { SearchService } from './search.service';

@ApiTags('resources')
@RequiresAccess()
@Controller('search')
export class SearchController {
  constructor(private readonly searchService: SearchService) {}

  @Get()
  @ApiOperation({ summary: 'Courses, lessons and members’ resources whose title (or tags, description) match q, case-insensitively' })
  @ApiOkResponse({ type: SearchResults })
  async search(@Query() query: SearchQueryDto): Promise<SearchResults> {
    return { results: await this.searchService.search(query.q) };
  }
}
