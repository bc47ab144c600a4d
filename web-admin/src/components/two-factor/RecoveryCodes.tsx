import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { saveBlob } from '../../api';

/** The 10 recovery codes, shown once: each signs in once when the phone is not at hand. */
export function RecoveryCodes({ codes, onDone, doneLabel = 'I have saved these codes' }: { codes: string[]; onDone: () => void; doneLabel?: string }) {
  const text = codes.join('\n');
  return (
    <Box component="section" aria-labelledby="recovery-codes-heading">
      <Typography id="recovery-codes-heading" component="h2" variant="h6" gutterBottom>
        Your recovery codes
      </Typography>
      <Alert severity="warning" sx={{ mb: 2 }}>
        Save these codes somewhere safe now: they are shown only this once. Each one signs you in once if you lose your phone.
      </Alert>
      <Box
        component="ol"
        aria-label="Recovery codes"
        sx={{ fontFamily: 'monospace', fontSize: 16, columns: 2, pl: 3, my: 2, bgcolor: 'grey.100', borderRadius: 1, py: 1 }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button size="small" startIcon={<ContentCopyIcon />} onClick={() => void navigator.clipboard?.writeText(text)}>
          Copy
        </Button>
        <Button size="small" startIcon={<DownloadIcon />} onClick={() => saveBlob(new Blob([`${text}\n`], { type: 'text/plain' }), 'recovery-codes.txt')}>
          Download
        </Button>
        <Button variant="contained" onClick={onDone}>
          {doneLabel}
        </Button>
      </Stack>
    </Box>
  );
}
