import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/auth/public.decorator';
import { ResourcesService, type TestimonialView } from './resources.service';

@ApiTags('public')
@Public()
@Controller('testimonials')
export class TestimonialsController {
  constructor(private readonly resources: ResourcesService) {}

  @Get()
  @ApiOperation({ summary: 'Published testimonials for the landing page' })
  async list(): Promise<{ testimonials: TestimonialView[] }> {
    return { testimonials: await this.resources.testimonials() };
  }
}
