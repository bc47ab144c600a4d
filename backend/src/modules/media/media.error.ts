import { HttpStatus } from '@nestjs/common';
import { ApiError } from '../../common/errors/api-error';

export enum MediaErrorCode {
  NotMultipart = 'MEDIA_NOT_MULTIPART',
  NoFile = 'MEDIA_NO_FILE',
  Empty = 'MEDIA_EMPTY',
  Unsupported = 'MEDIA_UNSUPPORTED_TYPE',
  TooLarge = 'MEDIA_TOO_LARGE',
}

export class MediaError extends ApiError {
  constructor(status: HttpStatus, code: MediaErrorCode, message: string) {
    super(status, message, { code, errors: { file: message } });
  }

  static notMultipart(): MediaError {
    return new MediaError(HttpStatus.BAD_REQUEST, MediaErrorCode.NotMultipart, 'Send the file as multipart/form-data in the field "file"');
  }

  static noFile(): MediaError {
    return new MediaError(HttpStatus.BAD_REQUEST, MediaErrorCode.NoFile, 'No file received: send it in the multipart field "file"');
  }

  static empty(): MediaError {
    return new MediaError(HttpStatus.BAD_REQUEST, MediaErrorCode.Empty, 'The file is empty');
  }

  static unsupported(allowed: string): MediaError {
    return new MediaError(HttpStatus.BAD_REQUEST, MediaErrorCode.Unsupported, `This file type is not allowed. Allowed: ${allowed}`);
  }

  static tooLarge(label: string, limit: string): MediaError {
    return new MediaError(HttpStatus.PAYLOAD_TOO_LARGE, MediaErrorCode.TooLarge, `The file is too large: a ${label} may be at most ${limit}`);
  }
}
