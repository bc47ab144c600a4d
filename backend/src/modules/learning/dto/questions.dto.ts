import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

export const MAX_POST_CHARS = 2000;

/** Plain text only: control characters (but line breaks and tabs) removed, ends trimmed. */
const plainText = ({ value }: { value: unknown }) =>
  typeof value === 'string'
    ? [...value]
        .filter((ch) => {
          const code = ch.charCodeAt(0);
          return code === 9 || code === 10 || code === 13 || (code >= 32 && code !== 127);
        })
        .join('')
        .trim()
    : value;

export class PostQuestionDto {
  @ApiProperty({ description: `Plain text (links are shown as links), at most ${MAX_POST_CHARS} characters` })
  @Transform(plainText)
  @MaxLength(MAX_POST_CHARS, { message: `A post must be at most ${MAX_POST_CHARS} characters` })
  @IsNotEmpty({ message: 'Write your question' })
  @IsString({ message: 'Write your question' })
  body: string;

  @ApiPropertyOptional({ description: 'Reply to this question (its id); a new question when absent' })
  @IsOptional()
  @Matches(/^\d{1,18}$/, { message: 'parentId must be a question id' })
  parentId?: string;
}

export class QuestionVisibilityDto {
  @ApiProperty()
  @IsBoolean({ message: 'hidden must be true or false' })
  hidden: boolean;
}

export class LessonPost {
  @ApiProperty()
  id: string;
  @ApiProperty({ type: String, nullable: true })
  parentId: string | null;
  @ApiProperty({ description: 'The author, or "Deleted user"' })
  author: string;
  @ApiProperty({ description: 'Posted by an administrator (shown with an Instructor badge)' })
  instructor: boolean;
  @ApiProperty()
  body: string;
  @ApiProperty({ description: 'Hidden by an administrator (only administrators see hidden posts)' })
  hidden: boolean;
  @ApiProperty()
  mine: boolean;
  @ApiProperty({ format: 'date-time' })
  createdAt: string;
}

export class LessonQuestion extends LessonPost {
  @ApiProperty({ description: 'An instructor replied' })
  answered: boolean;
  @ApiProperty({ type: [LessonPost] })
  replies: LessonPost[];
}

export class LessonQuestions {
  @ApiProperty({ type: [LessonQuestion] })
  questions: LessonQuestion[];
}

export class AdminLessonQuestion {
  @ApiProperty()
  id: string;
  @ApiProperty()
  courseId: number;
  @ApiProperty()
  courseTitle: string;
  @ApiProperty()
  lessonId: number;
  @ApiProperty()
  lessonTitle: string;
  @ApiProperty()
  author: string;
  @ApiProperty()
  body: string;
  @ApiProperty()
  answered: boolean;
  @ApiProperty()
  hidden: boolean;
  @ApiProperty({ format: 'date-time' })
  createdAt: string;
}
