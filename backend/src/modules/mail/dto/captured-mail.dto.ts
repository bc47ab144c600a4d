import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** A captured mail in the list: who, what, when. */
export class CapturedMailSummary {
  @ApiProperty({ example: '1767225600000-3f2a9c0e' })
  id: string;
  @ApiProperty({ format: 'date-time' })
  at: string;
  @ApiProperty()
  to: string;
  @ApiProperty()
  subject: string;
  @ApiProperty({ type: String, nullable: true, example: 'receipt' })
  tag: string | null;
  @ApiProperty({ type: [String], description: 'Attachment file names' })
  attachments: string[];
}

export class CapturedMailList {
  @ApiProperty({ type: [CapturedMailSummary], description: 'Newest first' })
  mail: CapturedMailSummary[];
}

export class MailAttachment {
  @ApiProperty({ example: 'receipt-AA-000123.pdf' })
  filename: string;
  @ApiProperty({ example: 'application/pdf' })
  contentType: string;
  @ApiProperty({ format: 'byte' })
  contentBase64: string;
}

/** One captured mail, whole. */
export class CapturedMail {
  @ApiProperty()
  id: string;
  @ApiProperty()
  from: string;
  @ApiProperty({ format: 'date-time' })
  at: string;
  @ApiProperty()
  to: string;
  @ApiProperty()
  subject: string;
  @ApiProperty()
  text: string;
  @ApiPropertyOptional()
  html?: string;
  @ApiPropertyOptional()
  tag?: string;
  @ApiPropertyOptional({ description: 'Mail that goes out at most once carries its key' })
  dedupeKey?: string;
  @ApiPropertyOptional({ type: [MailAttachment] })
  attachments?: MailAttachment[];
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'Extra header fields the mail carries (List-Unsubscribe, List-Unsubscribe-Post)',
  })
  headers?: Record<string, string>;
}
