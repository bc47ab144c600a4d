import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { LoadingBlock } from '../../components/Spinner';
import { isCourseId, useCourse } from './api/useCourse';
import { CourseViewer, ViewerShell } from './CourseViewer';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/english/learning';

/** A learner's course (/course/{id}): the viewer over GET /api/courses/{id}, recording progress. */
export function CourseViewerPage() {
  const { courseId: rawId = '' } = useParams();
  const courseId = /^\d+$/.test(rawId) ? Number(rawId) : NaN;
  const course = useCourse(courseId);
  const { t } = useTranslation();

  if (!isCourseId(courseId) || (course.isError && course.error instanceof ApiError && course.error.status === 404)) {
    return (
      <ViewerShell title={t('viewer.notFound')}>
        <div className="card mx-auto max-w-lg p-8 text-center">
          <p className="text-slate-300">{t('viewer.notFoundText')}</p>
          <Link to="/dashboard/courses" className="btn-gold mt-6">
            {t('viewer.backToCourses')}
          </Link>
        </div>
      </ViewerShell>
    );
  }
  if (course.isPending) {
    return (
      <ViewerShell title="">
        <LoadingBlock label={t('viewer.loading')} />
      </ViewerShell>
    );
  }
  if (course.isError) {
    return (
      <ViewerShell title={t('viewer.course')}>
        <div role="alert" className="card mx-auto max-w-lg p-8 text-center">
          <p className="text-rose-200">{t('viewer.loadFailed', { message: course.error.message })}</p>
          <button type="button" className="btn-gold mt-6" onClick={() => void course.refetch()}>
            {t('common.tryAgain')}
          </button>
        </div>
      </ViewerShell>
    );
  }
  return <CourseViewer course={course.data} source={{ kind: 'course', courseId }} />;
}
