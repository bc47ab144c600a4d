import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import { lazy } from 'react';
import type { RaRecord } from 'react-admin';

export default {
  list: lazy(() => import('./TestimonialList').then((m) => ({ default: m.TestimonialList }))),
  create: lazy(() => import('./TestimonialForm').then((m) => ({ default: m.TestimonialCreate }))),
  edit: lazy(() => import('./TestimonialForm').then((m) => ({ default: m.TestimonialEdit }))),
  icon: FormatQuoteIcon,
  recordRepresentation: (record: RaRecord) => record.name,
};
