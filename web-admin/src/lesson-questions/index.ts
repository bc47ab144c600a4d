import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import { lazy } from 'react';
import type { RaRecord } from 'react-admin';

export default {
  list: lazy(() => import('./LessonQuestionList').then((m) => ({ default: m.LessonQuestionList }))),
  icon: QuestionAnswerIcon,
  recordRepresentation: (record: RaRecord) => `${record.author} on ${record.lessonTitle}`,
};
