import { useMutation, useQuery } from '@tanstack/react-query';
import { fetchCertificatePdf } from '../../api/certificates';
import { myCertificatesQuery } from '../../api/queries';
import { saveFile } from '../../components/saveFile';

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** The learner's certificates of completion: download the PDF, open the public page that verifies it. */
export function CertificatesList() {
  const certificates = useQuery(myCertificatesQuery);
  const download = useMutation({
    mutationFn: async (id: string) => {
      const { blob, filename } = await fetchCertificatePdf(id);
      saveFile(blob, filename);
      return filename;
    },
  });
  if (certificates.isPending) return <p role="status">Loading certificates...</p>;
  if (certificates.isError) return <p role="alert">Could not load your certificates: {certificates.error.message}</p>;
  if (certificates.data.length === 0) return <p className="text-sm text-slate-400">Complete a course to earn its certificate.</p>;
  return (
    <ul className="space-y-3">
      {certificates.data.map((c) => (
        <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-ink-700 p-4" data-testid="certificate">
          <div>
            <p className="font-semibold text-white">{c.courseTitle}</p>
            <p className="text-xs text-slate-400">
              Completed {day(c.completedAt)} · {c.revoked ? 'Revoked' : 'Valid'}
            </p>
          </div>
          <div className="flex gap-2">
            <a className="btn-ghost" href={`/certificates/${c.id}`} target="_blank" rel="noreferrer">
              Verification page
            </a>
            <button type="button" className="btn-gold" onClick={() => download.mutate(c.id)} disabled={download.isPending}>
              Download PDF
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
