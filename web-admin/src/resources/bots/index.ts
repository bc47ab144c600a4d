import SmartToyIcon from '@mui/icons-material/SmartToy';
import { lazy } from 'react';
import type { BotRecord } from '../../api/types';

export default {
  list: lazy(() => import('./BotList').then((m) => ({ default: m.BotList }))),
  create: lazy(() => import('./BotForm').then((m) => ({ default: m.BotCreate }))),
  edit: lazy(() => import('./BotForm').then((m) => ({ default: m.BotEdit }))),
  icon: SmartToyIcon,
  recordRepresentation: (record: BotRecord) => record.name,
};
