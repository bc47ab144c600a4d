import { useMutation } from '@tanstack/react-query';
import { fetchReceipt } from '../../../api/account';
import { saveFile } from '../../../components/saveFile';

/** Downloads a purchase's receipt PDF and hands it to the browser as a file. */
export function useDownloadReceipt() {
  return useMutation({
    mutationFn: async (paymentId: string) => {
      const { blob, filename } = await fetchReceipt(paymentId);
      saveFile(blob, filename);
      return filename;
    },
  });
}
