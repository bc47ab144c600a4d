import { formatDate } from '../../i18n/format';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/english/account';
import { linkedInAddToProfileUrl } from '../../components/linkedin';
import { useDownloadCertificate } from './api/useDownloadCertificate';
import { useMyCertificates } from './api/useMyCertificates';

/** The learner's certificates of completion: download the PDF, open the public page that verifies it. */
export function CertificatesList() {
  const certificates = useMyCertificates();
  const download = useDownloadCertificate();
  const { t, language } = useTranslation();
  if (certificates.isPending) return <p role="status">{t('certificates.loading')}</p>;
  if (certificates.isError) return <p role="alert">{t('certificates.failed', { message: certificates.error.message })}</p>;
  if (certificates.data.length === 0) return <p className="text-sm text-slate-400">{t('certificates.none')}</p>;
  return (
    <ul className="space-y-3">
      {certificates.data.map((c) => (
        <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-ink-700 p-4" data-testid="certificate">
          <div>
            <p className="font-semibold text-white">{c.courseTitle}</p>
            <p className="text-xs text-slate-400">
              {t('certificates.completed', { date: formatDate(c.completedAt, language) })} · {c.revoked ? t('certificates.revoked') : t('certificates.valid')}
            </p>
          </div>
          <div className="flex gap-2">
            <a className="btn-ghost" href={`/certificates/${c.id}`} target="_blank" rel="noreferrer">
              {t('certificates.verification')}
            </a>
            {!c.revoked && (
              <a className="btn-ghost" href={linkedInAddToProfileUrl(c)} target="_blank" rel="noreferrer">
                {t('certificate.linkedin')}
              </a>
            )}
            <button type="button" className="btn-gold" onClick={() => download.mutate(c.id)} disabled={download.isPending}>
              {t('certificates.download')}
            </button>
          </div>
        </li>
      ))}
      {download.isError && (
        <li role="alert" className="text-sm text-rose-200">
          {download.error.message}
        </li>
      )}
    </ul>
  );
}
