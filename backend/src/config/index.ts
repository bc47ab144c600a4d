import { appConfig } from './app.config';
import { authConfig } from './auth.config';
import { databaseConfig } from './database.config';
import { mailConfig } from './mail.config';
import { mediaConfig } from './media.config';
import { paymentsConfig, sandboxEnabled } from './payments.config';
import { queueConfig } from './queue.config';
import { redisConfig } from './redis.config';
import { secretsConfig } from './secrets.config';
import { webhooksConfig } from './webhooks.config';

export const allConfigs = [
  appConfig,
  databaseConfig,
  redisConfig,
  authConfig,
  secretsConfig,
  paymentsConfig,
  mailConfig,
  mediaConfig,
  queueConfig,
  webhooksConfig,
];

export {
  appConfig,
  authConfig,
  databaseConfig,
  mailConfig,
  mediaConfig,
  paymentsConfig,
  queueConfig,
  redisConfig,
  sandboxEnabled,
  secretsConfig,
  webhooksConfig,
};
