import type { Course, CourseSummary, LearnerQuiz, QuizQuestionForLearner } from '../../../api/types';

/** A catalogue course as the API answers it, with the fields a test cares about. */
export const aCourseSummary = (fields: Pick<CourseSummary, 'id' | 'title'> & Partial<CourseSummary>): CourseSummary => ({
  description: '',
  instructor: 'Affiliate Academy',
  thumbnail: '',
  duration: '1h',
  category: 'Marketing',
  lessonsCount: 0,
  students: 0,
  rating: 0,
  ratingsCount: 0,
  progress: 0,
  completedLessons: 0,
  myRating: null,
  ...fields,
});

/** A course with its lessons as the viewer gets it. */
export const aCourse = (fields: Pick<Course, 'id' | 'title' | 'lessons'> & Partial<Course>): Course => ({
  ...aCourseSummary({ id: fields.id, title: fields.title, lessonsCount: fields.lessons.length }),
  hasAccess: true,
  myReview: null,
  lastLessonId: null,
  ...fields,
});

/** A multiple-choice question: "Which engine?", Google (a) or Excel (b). */
export const aChoiceQuestion = (): QuizQuestionForLearner => ({
  id: 'q1',
  kind: 'single',
  prompt: 'Which engine?',
  options: [
    { id: 'a', text: 'Google' },
    { id: 'b', text: 'Excel' },
  ],
});

/** A quiz as the learner gets it, not tried yet: pass mark 100%, unlimited attempts unless said. */
export const aLearnerQuiz = (fields: Pick<LearnerQuiz, 'lessonId' | 'questions'> & Partial<LearnerQuiz>): LearnerQuiz => ({
  quizVersion: 1,
  passMark: 100,
  attemptsAllowed: 0,
  attemptsUsed: 0,
  attemptsLeft: null,
  passed: false,
  bestScore: null,
  lastAttempt: null,
  ...fields,
});
