import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, CircularProgress } from '@mui/material';
import { useId, useRef } from 'react';
import { TextInput, type Validator } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { useApi } from '../../api';
import { useConsoleAction } from '../../common/useConsoleAction';

/**
 * A URL field that also takes a file: the file goes to POST /api/admin/media
 * and the field stores the returned /media/... url (the server checks the
 * file by its content).
 */
export function MediaUrlInput({
  source,
  label,
  accept,
  helperText,
  validate,
}: {
  source: string;
  label: string;
  accept: string;
  helperText: string;
  validate?: Validator | Validator[];
}) {
  const api = useApi();
  const { setValue } = useFormContext();
  const fileInput = useRef<HTMLInputElement>(null);
  const inputId = useId();

  const uploadFile = useConsoleAction((file: File) => api.uploadMedia(file), {
    success: (media) => `Uploaded ${media.name}`,
    failure: 'Upload failed',
    refresh: false,
  });
  const uploading = uploadFile.isPending;
  const upload = (file: File | undefined) => {
    if (!file) return;
    uploadFile.mutate(file, {
      onSuccess: (media) => setValue(source, media.url, { shouldDirty: true, shouldValidate: true }),
      onSettled: () => {
        if (fileInput.current) fileInput.current.value = '';
      },
    });
  };

  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap', width: '100%' }}>
      <TextInput source={source} label={label} helperText={helperText} validate={validate} sx={{ flex: '1 1 320px' }} />
      <input
        ref={fileInput}
        id={inputId}
        type="file"
        accept={accept}
        hidden
        aria-label={`Upload a file for ${label}`}
        onChange={(e) => upload(e.target.files?.[0])}
      />
      <Button
        component="label"
        htmlFor={inputId}
        variant="outlined"
        startIcon={uploading ? <CircularProgress size={16} aria-hidden /> : <UploadFileIcon />}
        disabled={uploading}
        sx={{ mt: 1 }}
      >
        {uploading ? 'Uploading...' : 'Upload file'}
      </Button>
    </Box>
  );
}
