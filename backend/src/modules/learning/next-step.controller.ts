import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, RequiresAccess } from '../../common/auth/decorators';
import { NextStepAnswer } from './dto/learning-views.dto';
import { ProgressService } from './progress.service';

/** The dashboard's "Continue: <next lesson>". */
@ApiTags('progress')
@RequiresAccess()
@Controller('learning')
export class NextStepController {
  constructor(private readonly progress: ProgressService) {}

  @Get('next')
  @ApiOperation({ summary: 'The next lesson to study in the most recently opened unfinished course (null when there is none)' })
  @ApiOkResponse({ type: NextStepAnswer })
  async next(@CurrentUser() user: AuthUser): Promise<NextStepAnswer> {
    return { next: await this.progress.nextStep(user) };
  }
}
