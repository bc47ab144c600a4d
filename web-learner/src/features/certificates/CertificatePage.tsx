import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { certificateQuery } from '../../api/queries';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

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
  const certificate = useQuery({ ...certificateQuery(id), retry: false });
  const c = certificate.data;
  useCertificateHead(
    c ? `${c.learnerName} completed ${c.courseTitle} | ${c.siteName}` : null,
    c ? `Certificate of completion issued by ${c.siteName} on ${day(c.completedAt)}.` : null,
  );
  return (
    <main className="mx-auto flex min-h-screen max-w-2xl flex-col items-center justify-center px-4 py-10">
      {certificate.isPending && <p role="status">Checking the certificate...</p>}
      {certificate.isError && (
        <div role="alert" className="card p-8 text-center">
          <h1 className="text-2xl font-bold text-white">Certificate not found</h1>
          <p className="mt-2 text-slate-300">
            {certificate.error instanceof ApiError && certificate.error.status === 404
              ? 'No certificate has this address. Check the link you were given.'
              : `The certificate could not be checked: ${certificate.error.message}`}
          </p>
        </div>
      )}
      {c && (
        <article className="card w-full p-8 text-center sm:p-12" aria-labelledby="certificate-title">
          <p className="text-sm font-semibold tracking-wide text-gold-300 uppercase">{c.siteName}</p>
          <h1 id="certificate-title" className="mt-2 text-3xl font-bold text-white">
            Certificate of Completion
          </h1>
          <p className="mt-6 text-slate-300">This certifies that</p>
          <p className="mt-1 text-2xl font-bold text-white" data-testid="certificate-name">
            {c.learnerName}
          </p>
          <p className="mt-4 text-slate-300">has completed the course</p>
          <p className="mt-1 text-xl font-semibold text-white" data-testid="certificate-course">
            {c.courseTitle}
          </p>
          <p className="mt-4 text-slate-300">on {day(c.completedAt)}</p>
          <p
            role="status"
            data-testid="certificate-status"
            className={`mt-8 inline-block rounded-full px-4 py-1.5 text-sm font-semibold ${
              c.status === 'valid' ? 'bg-emerald-500/15 text-emerald-200' : 'bg-rose-500/15 text-rose-200'
            }`}
          >
            {c.status === 'valid'
              ? 'Valid certificate'
              : c.status === 'revoked'
                ? `Revoked${c.revokedAt ? ` on ${day(c.revokedAt)}` : ''}: this certificate is no longer valid`
                : 'Replaced by a newer certificate: this one is no longer valid'}
          </p>
          {c.status === 'replaced' && c.replacedBy && (
            <p className="mt-3 text-sm">
              <Link to={`/certificates/${c.replacedBy}`} className="text-gold-300 underline">
                See the current certificate
              </Link>
            </p>
          )}
          <p className="mt-8 text-xs text-slate-500">Certificate ID {c.id}</p>
        </article>
      )}
    </main>
  );
}
