import VideoLibraryIcon from '@mui/icons-material/VideoLibrary';
import { lazy } from 'react';
import type { ContentRecord } from '../../api/types';

export default {
  list: lazy(() => import('./ContentItemList').then((m) => ({ default: m.ContentItemList }))),
  create: lazy(() => import('./ContentItemForm').then((m) => ({ default: m.ContentItemCreate }))),
  edit: lazy(() => import('./ContentItemForm').then((m) => ({ default: m.ContentItemEdit }))),
  icon: VideoLibraryIcon,
  recordRepresentation: (record: ContentRecord) => record.title,
};
