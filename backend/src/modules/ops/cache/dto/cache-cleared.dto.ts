import { ApiProperty } from '@nestjs/swagger';
import { MessageResult } from '../../../../common/openapi/api-responses';

export class CacheCleared extends MessageResult {
  @ApiProperty({ description: 'Cached answers removed' })
  cleared: number;
}
