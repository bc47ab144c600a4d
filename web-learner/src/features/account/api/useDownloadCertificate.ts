import { useMutation } from '@tanstack/react-query';
import { fetchCertificatePdf } from '../../../api/certificates';
import { saveFile } from '../../../components/saveFile';
import { useTranslation } from '../../../i18n/useTranslation';
import '../../../i18n/english/account';

/** Downloads a certificate's PDF and hands it to the browser as a file. */
export function useDownloadCertificate() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async (id: string) => {
      const { blob, filename } = await fetchCertificatePdf(id, t('certificates.downloadFailed'));
      saveFile(blob, filename);
      return filename;
    },
  });
}
