import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import { lazy } from 'react';
import type { LessonQuestionRecord } from '../api/types';

export default {
  list: lazy(() => import('./LessonQuestionList').then((m) => ({ default: m.LessonQuestionList }))),
  icon: QuestionAnswerIcon,
  recordRepresentation: (record: LessonQuestionRecord) => `${record.author} on ${record.lessonTitle}`,
};
