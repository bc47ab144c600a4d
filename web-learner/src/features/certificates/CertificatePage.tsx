import { useEffect } from 'react';
import { formatDocumentDate } from '../../i18n/format';
import { useTranslation } from '../../i18n/useTranslation';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import '../../i18n/english/account';
import { linkedInAddToProfileUrl } from '../../components/linkedin';
import { useCertificate } from './api/useCertificate';

/** "25 November 2026" in English; the interface language's long date otherwise. */
const day = formatDocumentDate;

/** The page's title and its Open Graph description (for sharing), set once the certificate is known. */
function useCertificateHead(title: string | null, description: string | null) {
  useEffect(() => {
    if (!title) return;
    document.title = title;
    const set = (property: string, content: string) => {
      let tag = document.head.querySelector<HTMLMetaElement>(`meta[property="${property}"]`);
      if (!tag) {
        tag = document.createElement('meta');
        tag.setAttribute('property', property);
        document.head.appendChild(tag);
      }
      tag.content = content;
    };
    set('og:title', title);
    set('og:type', 'website');
    if (description) set('og:description', description);
    set('og:url', window.location.href);
  }, [title, description]);
}

/** /certificates/{id}: anyone checks a certificate of completion (name, course, date, site) and whether it is valid. */
export function CertificatePage() {
  const { id = '' } = useParams();
  const certificate = useCertificate(id);
  const c = certificate.data;
  const { t, language } = useTranslation();
  const on = (iso: string) => day(iso, language);
  useCertificateHead(
    c ? t('certificate.headTitle', { name: c.learnerName, course: c.courseTitle, site: c.siteName }) : null,
    c ? t('certificate.headDescription', { site: c.siteName, date: on(c.completedAt) }) : null,
  );
  return (
    <main className="mx-auto flex min-h-screen max-w-2xl flex-col items-center justify-center px-4 py-10">
      {certificate.isPending && <p role="status">{t('certificate.checking')}</p>}
      {certificate.isError && (
        <div role="alert" className="card p-8 text-center">
          <h1 className="text-2xl font-bold text-white">{t('certificate.notFound')}</h1>
          <p className="mt-2 text-slate-300">
            {certificate.error instanceof ApiError && certificate.error.status === 404
              ? t('certificate.noSuch')
              : t('certificate.checkFailed', { message: certificate.error.message })}
          </p>
        </div>
      )}
      {c && (
        <article className="card w-full p-8 text-center sm:p-12" aria-labelledby="certificate-title">
          <p className="text-sm font-semibold tracking-wide text-gold-300 uppercase">{c.siteName}</p>
          <h1 id="certificate-title" className="mt-2 text-3xl font-bold text-white">
            {t('certificate.title')}
          </h1>
          <p className="mt-6 text-slate-300">{t('certificate.certifies')}</p>
          <p className="mt-1 text-2xl font-bold text-white" data-testid="certificate-name">
            {c.learnerName}
          </p>
          <p className="mt-4 text-slate-300">{t('certificate.completedCourse')}</p>
          <p className="mt-1 text-xl font-semibold text-white" data-testid="certificate-course">
            {c.courseTitle}
          </p>
          <p className="mt-4 text-slate-300">{t('certificate.on', { date: on(c.completedAt) })}</p>
          <p
            role="status"
            data-testid="certificate-status"
            className={`mt-8 inline-block rounded-full px-4 py-1.5 text-sm font-semibold ${
              c.status === 'valid' ? 'bg-emerald-500/15 text-emerald-200' : 'bg-rose-500/15 text-rose-200'
            }`}
          >
            {c.status === 'valid'
              ? t('certificate.valid')
              : c.status === 'revoked'
                ? c.revokedAt
                  ? t('certificate.revokedOn', { date: on(c.revokedAt) })
                  : t('certificate.revoked')
                : t('certificate.replaced')}
          </p>
          {c.status === 'replaced' && c.replacedBy && (
            <p className="mt-3 text-sm">
              <Link to={`/certificates/${c.replacedBy}`} className="text-gold-300 underline">
                {t('certificate.current')}
              </Link>
            </p>
          )}
          {c.status === 'valid' && (
            <p className="mt-6">
              <a
                className="btn-ghost"
                href={linkedInAddToProfileUrl({
                  ...c,
                  verifyUrl: `${typeof window === 'undefined' ? '' : window.location.origin}/certificates/${c.id}`,
                })}
                target="_blank"
                rel="noreferrer"
              >
                {t('certificate.linkedin')}
              </a>
            </p>
          )}
          <p className="mt-8 text-xs text-slate-500">{t('certificate.id', { id: c.id })}</p>
        </article>
      )}
    </main>
  );
}
