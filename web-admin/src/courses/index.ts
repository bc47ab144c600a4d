import SchoolIcon from '@mui/icons-material/School';
import { lazy } from 'react';
import type { CourseRecord } from '../api/types';

export default {
  list: lazy(() => import('./CourseList').then((m) => ({ default: m.CourseList }))),
  edit: lazy(() => import('./CourseEdit').then((m) => ({ default: m.CourseEdit }))),
  create: lazy(() => import('./CourseCreate').then((m) => ({ default: m.CourseCreate }))),
  show: lazy(() => import('./CourseShow').then((m) => ({ default: m.CourseShow }))),
  icon: SchoolIcon,
  recordRepresentation: (record: CourseRecord) => record.title,
};
