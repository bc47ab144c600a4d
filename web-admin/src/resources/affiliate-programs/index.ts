import HandshakeIcon from '@mui/icons-material/Handshake';
import { lazy } from 'react';
import type { AffiliateProgramRecord } from '../../api/types';

export default {
  list: lazy(() => import('./AffiliateProgramList').then((m) => ({ default: m.AffiliateProgramList }))),
  create: lazy(() => import('./AffiliateProgramForm').then((m) => ({ default: m.AffiliateProgramCreate }))),
  edit: lazy(() => import('./AffiliateProgramForm').then((m) => ({ default: m.AffiliateProgramEdit }))),
  icon: HandshakeIcon,
  recordRepresentation: (record: AffiliateProgramRecord) => record.name,
};
