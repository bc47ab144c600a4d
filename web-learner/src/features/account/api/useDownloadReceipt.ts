import { useMutation } from '@tanstack/react-query';
import { fetchReceipt } from '../../../api/account';
import { saveFile } from '../../../components/saveFile';
import { useTranslation } from '../../../i18n/useTranslation';
import '../../../i18n/english/account';

/** Downloads a purchase's invoice PDF and hands it to the browser as a file. */
export function useDownloadReceipt() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async (paymentId: string) => {
      const { blob, filename } = await fetchReceipt(paymentId, t('purchases.receiptFailed'));
      saveFile(blob, filename);
      return filename;
    },
  });
}
