import StarIcon from '@mui/icons-material/Star';
import { lazy } from 'react';
import type { ReviewRecord } from '../api/types';

export default {
  list: lazy(() => import('./ReviewList').then((m) => ({ default: m.ReviewList }))),
  icon: StarIcon,
  recordRepresentation: (record: ReviewRecord) => `${record.author} on ${record.courseTitle}`,
};
