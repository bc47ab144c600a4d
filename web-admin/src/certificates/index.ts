import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { lazy } from 'react';
import type { CertificateRecord } from '../api/types';

export default {
  list: lazy(() => import('./CertificateList').then((m) => ({ default: m.CertificateList }))),
  icon: WorkspacePremiumIcon,
  recordRepresentation: (record: CertificateRecord) => `${record.learnerName}: ${record.courseTitle}`,
};
