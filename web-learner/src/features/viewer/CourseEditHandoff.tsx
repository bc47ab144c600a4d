import { useEffect } from 'react';
import { useParams } from 'react-router';
import { LoadingBlock } from '../../components/Spinner';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/english/learning';

/** Storage keys of the admin app's session (spec: isAdminAuthenticated, adminToken). */
const ADMIN_KEYS = { authenticated: 'isAdminAuthenticated', token: 'adminToken' } as const;

/** Where /course/{id}/edit goes: the admin app's course editor for a signed-in admin, its login for anyone else. */
export function adminEditTarget(courseId: string, storage: Pick<Storage, 'getItem'>): string {
  const isAdmin = storage.getItem(ADMIN_KEYS.authenticated) === 'true' && Boolean(storage.getItem(ADMIN_KEYS.token));
  return isAdmin && /^\d+$/.test(courseId) ? `/admin/course/${courseId}/edit` : '/admin/login';
}

export function CourseEditHandoff() {
  const { courseId = '' } = useParams();
  const { t } = useTranslation();
  useEffect(() => {
    window.location.replace(adminEditTarget(courseId, localStorage));
  }, [courseId]);
  return <LoadingBlock label={t('viewer.openingEditor')} />;
}
