// Tracing first: its instrumentations wrap http, pg and ioredis as they load.
import './tracing';
import 'reflect-metadata';
import type { ConfigType } from '@nestjs/config';
import { createApiApp } from './app.factory';
import { appConfig } from './config';
import { closeWhenLauncherExits } from './lifecycle';

async function bootstrap(): Promise<void> {
  const app = await createApiApp();
  const config = app.get<ConfigType<typeof appConfig>>(appConfig.KEY);
  await app.listen(config.port, config.host);
  closeWhenLauncherExits(app);
}

bootstrap().catch((err: Error) => {
  console.error(`API failed to start: ${err.message}`);
  process.exit(1);
});
