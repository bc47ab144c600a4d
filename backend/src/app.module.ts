import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { AllExceptionsFilter } from './common/errors/all-exceptions.filter';
import { CoreModule } from './core.module';
import { FEATURE_MODULES } from './feature-modules';
import { WebModule } from './modules/web';

@Module({
  imports: [CoreModule, WebModule, ...FEATURE_MODULES],
  providers: [{ provide: APP_FILTER, useClass: AllExceptionsFilter }],
})
export class AppModule {}
