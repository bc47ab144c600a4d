import { Global, Module } from '@nestjs/common';
import { NOT_FOUND_FALLBACK } from '../../common/errors/all-exceptions.filter';
import { SpaFallback } from './spa-fallback';

@Global()
@Module({
  providers: [SpaFallback, { provide: NOT_FOUND_FALLBACK, useExisting: SpaFallback }],
  exports: [NOT_FOUND_FALLBACK],
})
export class WebModule {}
