import { ApiProperty } from '@nestjs/swagger';

/** An uploaded file. */
export class MediaFile {
  @ApiProperty({ format: 'uuid' })
  id: string;
  @ApiProperty({
    description: 'Its /media reference; a private file (anything but a picture) is never served there, only through a signed, checked link',
    example: '/media/3f2a9c0e5b1d4e7f8a6b2c1d0e9f8a7b.pdf',
  })
  url: string;
  @ApiProperty({ description: 'The name it was uploaded with', example: 'workbook.pdf' })
  name: string;
  @ApiProperty({ example: 'application/pdf' })
  mimeType: string;
  @ApiProperty({ description: 'Bytes' })
  size: number;
  @ApiProperty({ description: 'Paid content, served only through signed links' })
  private: boolean;
}

/** The multipart form of an upload. */
export class MediaUpload {
  @ApiProperty({ type: 'string', format: 'binary', description: 'Images up to 5 MiB, PDF up to 25 MiB, ZIP up to 100 MiB; the type is checked by content' })
  file: unknown;
}
