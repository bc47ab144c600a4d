import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { MailModule } from '../mail';
import { HealthController } from './health.controller';

@Module({
  imports: [TerminusModule.forRoot({ logger: false }), MailModule],
  controllers: [HealthController],
})
export class HealthModule {}
