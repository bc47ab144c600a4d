import PeopleIcon from '@mui/icons-material/People';
import { lazy } from 'react';
import type { UserRecord } from '../api/types';

export default {
  list: lazy(() => import('./UserList').then((m) => ({ default: m.UserList }))),
  edit: lazy(() => import('./UserEdit').then((m) => ({ default: m.UserEdit }))),
  create: lazy(() => import('./UserCreate').then((m) => ({ default: m.UserCreate }))),
  show: lazy(() => import('./UserShow').then((m) => ({ default: m.UserShow }))),
  icon: PeopleIcon,
  recordRepresentation: (record: UserRecord) => record.name ?? record.email,
};
