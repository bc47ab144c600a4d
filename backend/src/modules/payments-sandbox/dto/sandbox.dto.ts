import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsObject, IsOptional } from 'class-validator';
import { SANDBOX_OUTCOMES, type SandboxFaults, type SandboxOutcome } from '../sandbox.provider';

export class SimulateDto {
  @ApiProperty({ enum: SANDBOX_OUTCOMES })
  @IsIn(SANDBOX_OUTCOMES, { message: `outcome must be one of ${SANDBOX_OUTCOMES.join(', ')}` })
  outcome: SandboxOutcome;

  @ApiPropertyOptional({ description: 'Test fault switches: { duplicate, reorder, drop: [status], badSignature }' })
  @IsOptional()
  @IsObject()
  faults?: SandboxFaults;
}

/** What a sandbox simulation sent to the webhook. */
export class SimulationResult {
  @ApiProperty({ description: 'The webhook accepted every notification' })
  success: boolean;
  @ApiProperty({ description: 'Where the buyer goes back to (thank-you page, or the payment page when cancelled)' })
  redirectUrl: string;
  @ApiProperty({ type: [Number], description: "The webhook's HTTP status for each notification (0: no answer)" })
  deliveries: number[];
  @ApiProperty({ description: 'Notifications the webhook refused or did not answer' })
  failed: number;
  @ApiProperty({ description: 'Of those, how many the sandbox provider will send again' })
  retrying: number;
}
