import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { OpenDuringMaintenance } from '../../common/auth/decorators';
import { Public } from '../../common/auth/public.decorator';
import { PublicConfig } from './dto/public-config.dto';
import { PublicConfigService } from './public-config.service';

@ApiTags('public')
@Controller('public-config')
export class PublicConfigController {
  constructor(private readonly config: PublicConfigService) {}

  @Public()
  @OpenDuringMaintenance()
  @Get()
  @ApiOperation({ summary: 'What both web apps need before sign-in: site name, price, payment networks, password policy, demo mode' })
  @ApiOkResponse({ type: PublicConfig })
  get(): Promise<PublicConfig> {
    return this.config.get();
  }
}
