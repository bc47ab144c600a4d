import StarIcon from '@mui/icons-material/Star';
import { lazy } from 'react';
import type { RaRecord } from 'react-admin';

export default {
  list: lazy(() => import('./ReviewList').then((m) => ({ default: m.ReviewList }))),
  icon: StarIcon,
  recordRepresentation: (record: RaRecord) => `${record.author} on ${record.courseTitle}`,
};
