import { registerAs } from '@nestjs/config';
import { IsString } from 'class-validator';
import { resolve } from 'node:path';
import { validateNamespace } from './validate';

export class MediaConfig {
  /** Public uploads (course covers, images in lessons, testimonials), served at /media/. */
  @IsString()
  dir: string;

  /** Paid files (lesson PDFs, members' downloads): never served directly, only through signed, checked links. */
  @IsString()
  privateDir: string;

  @IsString()
  backupDir: string;
}

export const mediaConfig = registerAs('media', (): MediaConfig => {
  const dataDir = resolve(process.env.DATA_DIR ?? resolve(__dirname, '..', '..', '..', '.data'));
  return validateNamespace('media', MediaConfig, {
    dir: resolve(process.env.MEDIA_DIR ?? resolve(dataDir, 'media')),
    privateDir: resolve(process.env.MEDIA_PRIVATE_DIR ?? resolve(dataDir, 'private-media')),
    backupDir: resolve(process.env.BACKUP_DIR ?? resolve(dataDir, 'backups')),
  });
});
