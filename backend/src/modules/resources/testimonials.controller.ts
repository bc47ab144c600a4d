import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/auth/public.decorator';
import { Testimonials } from './dto/resource-views.dto';
import { ResourcesService } from './resources.service';

@ApiTags('public')
@Public()
@Controller('testimonials')
export class TestimonialsController {
  constructor(private readonly resources: ResourcesService) {}

  @Get()
  @ApiOperation({ summary: 'Published testimonials for the landing page' })
  @ApiOkResponse({ type: Testimonials })
  async list(): Promise<Testimonials> {
    return { testimonials: await this.resources.testimonials() };
  }
}
