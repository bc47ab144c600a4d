import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { LoadingBlock } from '../../components/Spinner';
import { usePreview } from './api/usePreview';
import { CourseViewer, ViewerShell } from './CourseViewer';
import { PreviewBanner } from './PreviewBanner';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/english/learning';

/**
 * An author's preview of a course's draft (/preview/{token}, the link the
 * console makes): the learner viewer over GET /api/preview/{token}, marked
 * Preview and read-only. The token is the only authority, so it opens
 * signed out too; an expired or forged link says so, with the way home.
 */
export function PreviewPage() {
  return (
    <>
      {/* A draft is nobody's to index (React puts the tag in the document's head). */}
      <meta name="robots" content="noindex, nofollow" />
      <PreviewContent />
    </>
  );
}

function PreviewContent() {
  const { token = '' } = useParams();
  const preview = usePreview(token);
  const { t } = useTranslation();

  if (preview.isPending) {
    return (
      <ViewerShell title="" backToCourses={false}>
        <LoadingBlock label={t('preview.loading')} />
      </ViewerShell>
    );
  }
  if (preview.isError) {
    const invalid = preview.error instanceof ApiError && preview.error.status === 404;
    return (
      <ViewerShell title={t('preview.unavailable')} backToCourses={false}>
        <div role="alert" className="card mx-auto max-w-lg p-8 text-center">
          <p className={invalid ? 'text-slate-300' : 'text-rose-200'}>
            {invalid ? preview.error.message : t('preview.loadFailed', { message: preview.error.message })}
          </p>
          {invalid ? (
            <Link to="/" className="btn-gold mt-6">
              {t('common.backToHome')}
            </Link>
          ) : (
            <button type="button" className="btn-gold mt-6" onClick={() => void preview.refetch()}>
              {t('common.tryAgain')}
            </button>
          )}
        </div>
      </ViewerShell>
    );
  }
  const { course, preview: link } = preview.data;
  return <CourseViewer course={course} source={{ kind: 'preview', token }} notice={<PreviewBanner expiresAt={link.expiresAt} />} />;
}
