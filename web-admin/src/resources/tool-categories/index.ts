import CategoryIcon from '@mui/icons-material/Category';
import { lazy } from 'react';
import type { ToolCategoryRecord } from '../../api/types';

export default {
  list: lazy(() => import('./ToolCategoryList').then((m) => ({ default: m.ToolCategoryList }))),
  create: lazy(() => import('./ToolCategoryForm').then((m) => ({ default: m.ToolCategoryCreate }))),
  edit: lazy(() => import('./ToolCategoryForm').then((m) => ({ default: m.ToolCategoryEdit }))),
  icon: CategoryIcon,
  recordRepresentation: (record: ToolCategoryRecord) => record.title,
};
