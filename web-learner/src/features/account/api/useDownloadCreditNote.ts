import { useMutation } from '@tanstack/react-query';
import { fetchCreditNote } from '../../../api/account';
import { saveFile } from '../../../components/saveFile';
import { useTranslation } from '../../../i18n/useTranslation';
import '../../../i18n/english/account';

/** Downloads a refunded purchase's credit note PDF and hands it to the browser as a file. */
export function useDownloadCreditNote() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async (paymentId: string) => {
      const { blob, filename } = await fetchCreditNote(paymentId, t('purchases.creditNoteFailed'));
      saveFile(blob, filename);
      return filename;
    },
  });
}
