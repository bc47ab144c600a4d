export { formatBytes } from './file-types';
export { MediaError, MediaErrorCode } from './media.error';
export { MediaModule } from './media.module';
export { isPublicMediaType, MEDIA_URL_PREFIX, MediaService, type MediaFile } from './media.service';
export { storeSeedFile } from './seed/store-seed-file';
