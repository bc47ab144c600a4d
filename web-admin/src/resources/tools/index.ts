import BuildIcon from '@mui/icons-material/Build';
import { lazy } from 'react';
import type { ToolRecord } from '../../api/types';

export default {
  list: lazy(() => import('./ToolList').then((m) => ({ default: m.ToolList }))),
  create: lazy(() => import('./ToolForm').then((m) => ({ default: m.ToolCreate }))),
  edit: lazy(() => import('./ToolForm').then((m) => ({ default: m.ToolEdit }))),
  icon: BuildIcon,
  recordRepresentation: (record: ToolRecord) => record.name,
};
