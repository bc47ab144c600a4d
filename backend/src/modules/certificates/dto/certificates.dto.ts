import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

/** One of the learner's certificates, on their dashboard. */
export class MyCertificate {
  @ApiProperty()
  id: string;
  @ApiProperty()
  courseId: number;
  @ApiProperty()
  courseTitle: string;
  @ApiProperty({ example: 'Affiliate Academy', description: 'The site that issued it' })
  siteName: string;
  @ApiProperty()
  learnerName: string;
  @ApiProperty({ format: 'date-time' })
  completedAt: string;
  @ApiProperty({ format: 'date-time' })
  issuedAt: string;
  @ApiProperty()
  revoked: boolean;
  @ApiProperty({ description: 'The public page that verifies it' })
  verifyUrl: string;
  @ApiProperty({ description: 'The PDF (bearer token of its learner)' })
  pdfUrl: string;
}

export class MyCertificates {
  @ApiProperty({ type: [MyCertificate] })
  certificates: MyCertificate[];
}

/** What anyone may check about a certificate. */
export class CertificateVerification {
  @ApiProperty()
  id: string;
  @ApiProperty()
  learnerName: string;
  @ApiProperty()
  courseTitle: string;
  @ApiProperty()
  siteName: string;
  @ApiProperty({ format: 'date-time' })
  completedAt: string;
  @ApiProperty({ format: 'date-time' })
  issuedAt: string;
  @ApiProperty({ enum: ['valid', 'revoked', 'replaced'] })
  status: 'valid' | 'revoked' | 'replaced';
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  revokedAt: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'A re-issued certificate: the one that replaces it' })
  replacedBy: string | null;
  @ApiProperty()
  verifyUrl: string;
}

/** A certificate in the console. */
export class AdminCertificate {
  @ApiProperty()
  id: string;
  @ApiProperty({ type: String, nullable: true })
  userId: string | null;
  @ApiProperty()
  courseId: number;
  @ApiProperty()
  learnerName: string;
  @ApiProperty()
  courseTitle: string;
  @ApiProperty({ format: 'date-time' })
  completedAt: string;
  @ApiProperty({ format: 'date-time' })
  issuedAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  revokedAt: string | null;
  @ApiProperty({ type: String, nullable: true })
  revokedReason: string | null;
}

export interface CertificateList {
  total: number;
  items: AdminCertificate[];
}

export class RevokeCertificateDto {
  @ApiPropertyOptional({ description: 'Why (kept with the certificate); "Revoked by an administrator" when empty' })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @MaxLength(500, { message: 'The reason must be at most 500 characters' })
  @IsString({ message: 'The reason must be text' })
  reason?: string;
}

export class CertificateIdParam {
  @IsNotEmpty()
  id: string;
}
