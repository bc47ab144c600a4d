import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { PinoLogger } from 'nestjs-pino';
import { appConfig } from '../../../config';
import { SettingsService } from '../../settings';

/**
 * Settings > System > debugMode: while on, every API and worker instance logs
 * at debug level (request details, job timings); off, back to LOG_LEVEL.
 * Never changes what clients see: errors stay free of stack traces.
 */
@Injectable()
export class DebugMode implements OnModuleInit {
  private readonly logger = new Logger(DebugMode.name);

  constructor(
    private readonly settings: SettingsService,
    @Inject(appConfig.KEY) private readonly app: ConfigType<typeof appConfig>,
  ) {}

  async onModuleInit(): Promise<void> {
    this.settings.onChange((section) => {
      if (section === 'system') this.apply().catch((err: Error) => this.logger.warn(`Debug mode not applied: ${err.message}`));
    });
    await this.apply();
  }

  private async apply(): Promise<void> {
    const { debugMode } = await this.settings.get('system');
    const level = debugMode ? 'debug' : this.app.logLevel;
    if (PinoLogger.root && PinoLogger.root.level !== level) {
      PinoLogger.root.level = level;
      this.logger.log(`Log level is now ${level} (debug mode ${debugMode ? 'on' : 'off'})`);
    }
  }
}
