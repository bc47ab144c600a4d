import { HttpStatus } from '@nestjs/common';
import { DomainError } from '../../common/errors/domain-error';
import { registerErrorStatuses } from '../../common/errors/error-status';

export enum MediaErrorCode {
  NotMultipart = 'MEDIA_NOT_MULTIPART',
  NoFile = 'MEDIA_NO_FILE',
  Empty = 'MEDIA_EMPTY',
  Unsupported = 'MEDIA_UNSUPPORTED_TYPE',
  TooLarge = 'MEDIA_TOO_LARGE',
}

export const MEDIA_ERROR_STATUS = registerErrorStatuses<MediaErrorCode>({
  [MediaErrorCode.NotMultipart]: HttpStatus.BAD_REQUEST,
  [MediaErrorCode.NoFile]: HttpStatus.BAD_REQUEST,
  [MediaErrorCode.Empty]: HttpStatus.BAD_REQUEST,
  [MediaErrorCode.Unsupported]: HttpStatus.BAD_REQUEST,
  [MediaErrorCode.TooLarge]: HttpStatus.PAYLOAD_TOO_LARGE,
});

export class MediaError extends DomainError<MediaErrorCode> {
  constructor(code: MediaErrorCode, message: string) {
    super(code, message, { errors: { file: message } });
  }

  static notMultipart(): MediaError {
    return new MediaError(MediaErrorCode.NotMultipart, 'Send the file as multipart/form-data in the field "file"');
  }

  static noFile(): MediaError {
    return new MediaError(MediaErrorCode.NoFile, 'No file received: send it in the multipart field "file"');
  }

  static empty(): MediaError {
    return new MediaError(MediaErrorCode.Empty, 'The file is empty');
  }

  static unsupported(allowed: string): MediaError {
    return new MediaError(MediaErrorCode.Unsupported, `This file type is not allowed. Allowed: ${allowed}`);
  }

  static tooLarge(label: string, limit: string): MediaError {
    return new MediaError(MediaErrorCode.TooLarge, `The file is too large: a ${label} may be at most ${limit}`);
  }
}
