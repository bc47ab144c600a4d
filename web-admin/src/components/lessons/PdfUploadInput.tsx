import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, FormHelperText, Link, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { useInput, useNotify, type Validator } from 'react-admin';
import { errorMessage, useApi } from '../../api';
import { usePdfPreviewLink } from './usePdfPreviewLink';

/** The PDF of a pdf lesson: uploaded to the media endpoint, the field keeps its URL. */
export function PdfUploadInput({ source, validate }: { source: string; validate?: Validator | Validator[] }) {
  const { field, fieldState } = useInput({ source, validate });
  const api = useApi();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const previewLink = usePdfPreviewLink(field.value ? String(field.value) : null);
  return (
    <Box sx={{ my: 1 }}>
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        PDF file
      </Typography>
      {field.value ? (
        <Link href={previewLink ?? '#'} target="_blank" rel="noopener noreferrer" sx={{ mr: 2 }}>
          {decodeURIComponent(String(field.value).split('/').pop() ?? 'PDF')}
        </Link>
      ) : (
        <Typography component="span" variant="body2" color="text.secondary" sx={{ mr: 2 }}>
          No PDF uploaded
        </Typography>
      )}
      <Button size="small" variant="outlined" startIcon={<UploadFileIcon />} disabled={busy} onClick={() => input.current?.click()}>
        {busy ? 'Uploading...' : 'Upload PDF'}
      </Button>
      <input
        ref={input}
        type="file"
        accept="application/pdf"
        hidden
        aria-label="PDF file"
        onChange={async (e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          if (file.type !== 'application/pdf') {
            notify('Only PDF files can be uploaded', { type: 'warning' });
            return;
          }
          setBusy(true);
          try {
            field.onChange((await api.uploadMedia(file)).url);
          } catch (error) {
            notify(`PDF upload failed: ${errorMessage(error)}`, { type: 'error' });
          } finally {
            setBusy(false);
          }
        }}
      />
      {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
    </Box>
  );
}
