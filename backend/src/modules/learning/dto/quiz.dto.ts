import { ApiExtraModels, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsInt, IsOptional, IsString, Matches, MaxLength, Min, ValidateNested } from 'class-validator';
import { SuccessResult } from '../../../common/openapi/api-responses';
import { QUESTION_KINDS, type QuestionKind } from '../../courses';
import { CompletionAnswer } from './learning-views.dto';

const ITEM_ID = /^[\w-]{1,40}$/;

/** One answer: `optionIds` for a choice question (one for single choice), `value` for true/false, `text` for a short answer. */
export class QuizAnswerDto {
  @ApiProperty({ example: 'Qm4tR8sL' })
  @Matches(ITEM_ID, { message: 'questionId must be a question id' })
  @IsString({ message: 'questionId must be a question id' })
  questionId: string;

  @ApiPropertyOptional({ type: [String], description: 'single (one) and multiple choice: the ids of the choices picked' })
  @IsOptional()
  @ArrayMaxSize(10, { message: 'At most 10 choices' })
  @Matches(ITEM_ID, { each: true, message: 'optionIds must be choice ids' })
  @IsString({ each: true, message: 'optionIds must be choice ids' })
  @IsArray({ message: 'optionIds must be a list' })
  optionIds?: string[];

  @ApiPropertyOptional({ description: 'true/false questions' })
  @IsOptional()
  @IsBoolean({ message: 'value must be true or false' })
  value?: boolean;

  @ApiPropertyOptional({ description: 'Short-answer questions' })
  @IsOptional()
  @MaxLength(500, { message: 'An answer must be at most 500 characters' })
  @IsString({ message: 'text must be text' })
  text?: string;
}

export class SubmitQuizDto {
  @ApiProperty({ type: [QuizAnswerDto], description: 'The answers; a question left out counts as wrong' })
  @ArrayMaxSize(100, { message: 'At most 100 answers' })
  @IsArray({ message: 'answers must be a list' })
  @ValidateNested()
  @Type(() => QuizAnswerDto)
  answers: QuizAnswerDto[];

  @ApiPropertyOptional({
    description:
      'The quiz version the answers are for (LearnerQuiz.quizVersion); another version than the current one is refused (QUIZ_CHANGED, 409), never graded as a mix',
  })
  @IsOptional()
  @Min(1, { message: 'quizVersion must be 1 or more' })
  @IsInt({ message: 'quizVersion must be a whole number' })
  quizVersion?: number;
}

export class QuizChoice {
  @ApiProperty()
  id: string;
  @ApiProperty()
  text: string;
}

/** A question as a learner sees it before answering: nothing says which answer is right. */
export class LearnerQuizQuestion {
  @ApiProperty()
  id: string;
  @ApiProperty({ enum: QUESTION_KINDS, enumName: 'QuestionKind' })
  kind: QuestionKind;
  @ApiProperty()
  prompt: string;
  @ApiProperty({ type: [QuizChoice], description: 'single and multiple choice: the choices (in a new order for every attempt when the quiz shuffles)' })
  options: QuizChoice[];
}

/** What the learner answered. */
export class GivenAnswerView {
  @ApiPropertyOptional({ type: [String] })
  optionIds?: string[];
  @ApiPropertyOptional()
  value?: boolean;
  @ApiPropertyOptional()
  text?: string;
}

/** The right answer. */
export class AnswerKeyView {
  @ApiPropertyOptional({ type: [String], description: 'The right choices' })
  optionIds?: string[];
  @ApiPropertyOptional()
  value?: boolean;
  @ApiPropertyOptional({ type: [String], description: 'The accepted short answers' })
  acceptedAnswers?: string[];
}

export class QuizQuestionResult {
  @ApiProperty()
  id: string;
  @ApiProperty({ enum: QUESTION_KINDS, enumName: 'QuestionKind' })
  kind: QuestionKind;
  @ApiProperty()
  prompt: string;
  @ApiProperty({ type: [QuizChoice] })
  options: QuizChoice[];
  @ApiProperty()
  correct: boolean;
  @ApiProperty({ type: GivenAnswerView, nullable: true, description: 'null: not answered' })
  yourAnswer: GivenAnswerView | null;
  @ApiProperty({ type: AnswerKeyView, nullable: true, description: 'The right answer, once the quiz is passed or no attempt is left; null before' })
  rightAnswer: AnswerKeyView | null;
  @ApiProperty({ description: "The author's explanation" })
  explanation: string;
}

/** A graded attempt: the score, pass or fail, and each question with its explanation. */
export class QuizAttemptResult {
  @ApiProperty({ description: 'Counts every attempt on the lesson, of any quiz version' })
  attemptNumber: number;
  @ApiProperty({ description: "The version of the quiz this attempt answered; its questions and grading are that version's" })
  quizVersion: number;
  @ApiProperty({ minimum: 0, maximum: 100, description: 'Percent of the questions answered right, rounded down' })
  score: number;
  @ApiProperty()
  passed: boolean;
  @ApiProperty()
  passMark: number;
  @ApiProperty()
  correctCount: number;
  @ApiProperty()
  questionCount: number;
  @ApiProperty({ format: 'date-time' })
  submittedAt: string;
  @ApiProperty({ type: [QuizQuestionResult] })
  questions: QuizQuestionResult[];
}

/** A quiz lesson's quiz, for a learner: its rules, their attempts so far and the questions (without answers). */
@ApiExtraModels(GivenAnswerView, AnswerKeyView)
export class LearnerQuiz {
  @ApiProperty()
  lessonId: number;
  @ApiProperty({ description: 'The current version of the quiz (a change by the author starts a new one, with a fresh set of attempts)' })
  quizVersion: number;
  @ApiProperty({ description: 'Percent of the questions to answer right' })
  passMark: number;
  @ApiProperty({ description: '0 = unlimited' })
  attemptsAllowed: number;
  @ApiProperty({ description: 'Attempts on the current version' })
  attemptsUsed: number;
  @ApiProperty({ type: Number, nullable: true, description: 'On the current version; null: unlimited' })
  attemptsLeft: number | null;
  @ApiProperty({ description: 'Passed, in any version' })
  passed: boolean;
  @ApiProperty({ type: Number, nullable: true, description: 'Best score, in any version' })
  bestScore: number | null;
  @ApiProperty({ type: [LearnerQuizQuestion] })
  questions: LearnerQuizQuestion[];
  @ApiProperty({
    type: QuizAttemptResult,
    nullable: true,
    description: 'The latest attempt with its results, shown with the questions of the version it answered',
  })
  lastAttempt: QuizAttemptResult | null;
}

export class QuizSubmission extends SuccessResult {
  @ApiProperty()
  result: QuizAttemptResult;
  @ApiProperty({ type: Number, nullable: true, description: 'null: unlimited' })
  attemptsLeft: number | null;
  @ApiProperty({ type: CompletionAnswer, nullable: true, description: 'Passing completes the lesson: the course progress after it; null when not passed' })
  completion: CompletionAnswer | null;
}

export class QuizOptionStats {
  @ApiProperty()
  id: string;
  @ApiProperty()
  text: string;
  @ApiProperty()
  correct: boolean;
  @ApiProperty({ description: 'Attempts that picked it' })
  picked: number;
}

export class QuizQuestionStats {
  @ApiProperty()
  id: string;
  @ApiProperty({ enum: QUESTION_KINDS, enumName: 'QuestionKind' })
  kind: QuestionKind;
  @ApiProperty()
  prompt: string;
  @ApiProperty({ description: 'Attempts that had this question' })
  asked: number;
  @ApiProperty({ description: 'Attempts that answered it right' })
  correct: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Percent right, one decimal; null before any attempt' })
  correctRate: number | null;
  @ApiProperty({ type: [QuizOptionStats] })
  options: QuizOptionStats[];
}

/** Where learners fail a quiz: its attempts and pass rate, and each question's success, for the quiz's current version. */
export class QuizStats {
  @ApiProperty()
  courseId: number;
  @ApiProperty()
  lessonId: number;
  @ApiProperty()
  lessonTitle: string;
  @ApiProperty({ description: 'The current version of the quiz: every figure counts the attempts on it' })
  quizVersion: number;
  @ApiProperty()
  passMark: number;
  @ApiProperty()
  attempts: number;
  @ApiProperty({ description: 'Learners who tried it' })
  learners: number;
  @ApiProperty({ description: 'Learners who passed it' })
  passedLearners: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Percent of the attempts that passed, one decimal' })
  passRate: number | null;
  @ApiProperty({ type: Number, nullable: true })
  averageScore: number | null;
  @ApiProperty({ type: [QuizQuestionStats], description: 'In the quiz order' })
  questions: QuizQuestionStats[];
}
