import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import { lazy } from 'react';
import type { TestimonialRecord } from '../../api/types';

export default {
  list: lazy(() => import('./TestimonialList').then((m) => ({ default: m.TestimonialList }))),
  create: lazy(() => import('./TestimonialForm').then((m) => ({ default: m.TestimonialCreate }))),
  edit: lazy(() => import('./TestimonialForm').then((m) => ({ default: m.TestimonialEdit }))),
  icon: FormatQuoteIcon,
  recordRepresentation: (record: TestimonialRecord) => record.name,
};
