export const QUESTION_KINDS = ['single', 'multiple', 'true_false', 'short'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export interface QuizOption {
  id: string;
  text: string;
  correct: boolean;
}

/**
 * One question with its answer: the options (single and multiple choice,
 * each marked right or wrong), the true/false answer, or the accepted short
 * answers. Stored in lessons.quiz, seen only by administrators and the grader.
 */
export interface QuizQuestion {
  id: string;
  kind: QuestionKind;
  prompt: string;
  /** single / multiple: the choices; empty otherwise. */
  options: QuizOption[];
  /** true_false: the right answer; null otherwise. */
  answer: boolean | null;
  /** short: the answers accepted (compared without case, accents or extra spaces); empty otherwise. */
  acceptedAnswers: string[];
  /** Shown with the result after a submission. */
  explanation: string;
}

/** A quiz lesson's definition. */
export interface QuizDefinition {
  /** Percent of the questions to answer right to pass, 1-100. */
  passMark: number;
  /** Submissions a learner may make; 0 = unlimited. */
  attemptsAllowed: number;
  /** Questions and choices in a new random order for every attempt. */
  shuffle: boolean;
  questions: QuizQuestion[];
}

/** A short answer as compared: Unicode-normalised, accents and case folded, spaces collapsed. */
export function normaliseShortAnswer(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase('en').replace(/\s+/g, ' ').trim();
}
