import UploadIcon from '@mui/icons-material/Upload';
import { Box, Button } from '@mui/material';
import { useRef, useState } from 'react';
import { useNotify } from 'react-admin';
import { errorMessage, useApi } from '../../api';
import { CourseThumbnail } from './CourseThumbnail';

/** The course thumbnail's preview and its Upload button (images only): the uploaded file's URL goes to `onUploaded`. */
export function ThumbnailUpload({ src, alt, onUploaded }: { src: string | undefined; alt: string; onUploaded: (url: string) => void }) {
  const api = useApi();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
      <Box sx={{ width: 200, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}>
        <CourseThumbnail src={src} alt={alt} height={112} />
      </Box>
      <Button variant="outlined" startIcon={<UploadIcon />} disabled={busy} onClick={() => input.current?.click()}>
        {busy ? 'Uploading...' : 'Upload'}
      </Button>
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        aria-label="Thumbnail image"
        onChange={async (e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          if (!file.type.startsWith('image/')) {
            notify('Only image files can be uploaded', { type: 'warning' });
            return;
          }
          setBusy(true);
          try {
            onUploaded((await api.uploadMedia(file)).url);
          } catch (error) {
            notify(`Image upload failed: ${errorMessage(error)}`, { type: 'error' });
          } finally {
            setBusy(false);
          }
        }}
      />
    </Box>
  );
}
