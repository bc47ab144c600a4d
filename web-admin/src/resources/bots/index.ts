import SmartToyIcon from '@mui/icons-material/SmartToy';
import { lazy } from 'react';
import type { RaRecord } from 'react-admin';

export default {
  list: lazy(() => import('./BotList').then((m) => ({ default: m.BotList }))),
  create: lazy(() => import('./BotForm').then((m) => ({ default: m.BotCreate }))),
  edit: lazy(() => import('./BotForm').then((m) => ({ default: m.BotEdit }))),
  icon: SmartToyIcon,
  recordRepresentation: (record: RaRecord) => record.name,
};
