import { registerAs } from '@nestjs/config';
import { IsString } from 'class-validator';
import { resolve } from 'node:path';
import { validateNamespace } from './validate';

export class MediaConfig {
  @IsString()
  dir: string;

  @IsString()
  backupDir: string;
}

export const mediaConfig = registerAs('media', (): MediaConfig => {
  const dataDir = resolve(process.env.DATA_DIR ?? resolve(__dirname, '..', '..', '..', '.data'));
  return validateNamespace('media', MediaConfig, {
    dir: resolve(process.env.MEDIA_DIR ?? resolve(dataDir, 'media')),
    backupDir: resolve(process.env.BACKUP_DIR ?? resolve(dataDir, 'backups')),
  });
});
