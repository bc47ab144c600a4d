import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { LANGUAGES } from '../../../common/i18n';
import { LEGAL_MARKDOWN_MAX, LEGAL_PAGES, LEGAL_PLACEHOLDERS, type LegalPageName } from '../legal-pages';

const PLACEHOLDERS = LEGAL_PLACEHOLDERS.map((name) => `{{${name}}}`).join(', ');

/** A legal page as the learner site shows it. */
export class PublicLegalPage {
  @ApiProperty({ enum: LEGAL_PAGES, enumName: 'LegalPageName' })
  page: LegalPageName;
  @ApiProperty({ enum: LANGUAGES, example: 'de' })
  language: string;
  @ApiProperty({ description: 'The text as sanitised HTML, its placeholders filled from the settings (filled values in <span data-placeholder="…">)' })
  html: string;
  @ApiProperty({ description: 'True when the seller has not written this page in this language: the built-in text' })
  isDefault: boolean;
  @ApiProperty({ format: 'date-time', description: 'When the text was last changed (the built-in texts: 2026-01-01)' })
  updatedAt: string;
}

/** A legal page in a language as the console edits it. */
export class AdminLegalPage {
  @ApiProperty({ example: 'terms-de', description: 'page-language' })
  id: string;
  @ApiProperty({ enum: LEGAL_PAGES, enumName: 'LegalPageName' })
  page: LegalPageName;
  @ApiProperty({ enum: LANGUAGES, example: 'de' })
  language: string;
  @ApiProperty({ description: `The seller's Markdown, empty when the built-in text applies. Placeholders: ${PLACEHOLDERS}` })
  markdown: string;
  @ApiProperty({ description: 'The built-in Markdown of this page in this language' })
  defaultMarkdown: string;
  @ApiProperty()
  isDefault: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  updatedAt: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The email of the admin who saved it last' })
  updatedBy: string | null;
}

export class LegalPageUpdate {
  @ApiProperty({
    maxLength: LEGAL_MARKDOWN_MAX,
    description: `Markdown (raw HTML is shown as text); empty: back to the built-in text. Placeholders: ${PLACEHOLDERS}`,
  })
  @MaxLength(LEGAL_MARKDOWN_MAX, { message: `The page text must be at most ${LEGAL_MARKDOWN_MAX} characters` })
  @IsString({ message: 'The page text must be Markdown text' })
  markdown: string;
}

export class LegalPagePreview {
  @ApiProperty({ description: 'The sanitised HTML the learner site would show' })
  html: string;
}
