import AutoModeIcon from '@mui/icons-material/AutoMode';
import { lazy } from 'react';
import type { AutomationRecord } from '../../api/types';

export default {
  list: lazy(() => import('./AutomationList').then((m) => ({ default: m.AutomationList }))),
  create: lazy(() => import('./AutomationForm').then((m) => ({ default: m.AutomationCreate }))),
  edit: lazy(() => import('./AutomationForm').then((m) => ({ default: m.AutomationEdit }))),
  icon: AutoModeIcon,
  recordRepresentation: (record: AutomationRecord) => record.name,
};
