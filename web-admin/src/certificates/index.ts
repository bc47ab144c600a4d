import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { lazy } from 'react';
import type { RaRecord } from 'react-admin';

export default {
  list: lazy(() => import('./CertificateList').then((m) => ({ default: m.CertificateList }))),
  icon: WorkspacePremiumIcon,
  recordRepresentation: (record: RaRecord) => `${record.learnerName}: ${record.courseTitle}`,
};
