import CloudIcon from '@mui/icons-material/Cloud';
import { lazy } from 'react';
import type { CloudFolderRecord } from '../../api/types';

export default {
  list: lazy(() => import('./CloudFolderList').then((m) => ({ default: m.CloudFolderList }))),
  create: lazy(() => import('./CloudFolderForm').then((m) => ({ default: m.CloudFolderCreate }))),
  edit: lazy(() => import('./CloudFolderForm').then((m) => ({ default: m.CloudFolderEdit }))),
  icon: CloudIcon,
  recordRepresentation: (record: CloudFolderRecord) => record.title,
};
