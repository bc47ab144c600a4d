import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Box, Button } from '@mui/material';
import { useNotify } from 'react-admin';

/** Text to paste elsewhere (a key, a command), in monospace with a Copy button named after it; long lines wrap instead of widening a phone's screen. */
export function CopyableText({ text, label, copyLabel }: { text: string; label: string; copyLabel: string }) {
  const notify = useNotify();
  const copy = () =>
    Promise.resolve(navigator.clipboard?.writeText(text) ?? Promise.reject(new Error('no clipboard'))).then(
      () => notify(`${label} copied`, { type: 'info' }),
      () => notify('Could not copy: select the text and copy it yourself', { type: 'warning' }),
    );
  return (
    <Box role="group" aria-label={label} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1 }}>
      <Box
        component="pre"
        sx={{
          flex: '1 1 16rem',
          minWidth: 0,
          m: 0,
          p: 1.5,
          bgcolor: 'grey.100',
          borderRadius: 1,
          fontFamily: 'monospace',
          fontSize: 13,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        {text}
      </Box>
      <Button size="small" variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
        {copyLabel}
      </Button>
    </Box>
  );
}
