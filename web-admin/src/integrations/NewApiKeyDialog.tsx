import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import type { ApiKeyResource, NewApiKey } from '../api/types';
import { CopyableText } from './CopyableText';
import { curlExample, exampleReadUrl, nodeExample, scopesSummary } from './examples';

/**
 * The key just created, shown this once (the server keeps only its hash),
 * with calls that work as they are: a read of a resource the key may read,
 * on this console's own origin. Closing the dialog forgets the key.
 */
export function NewApiKeyDialog({ apiKey, catalogue, onClose }: { apiKey: NewApiKey; catalogue: ApiKeyResource[]; onClose: () => void }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const url = exampleReadUrl(window.location.origin, apiKey.scopes, catalogue);
  return (
    <Dialog
      open
      // Only the button closes it: a click beside the dialog must not lose a key that cannot be shown again.
      onClose={(_, reason) => reason !== 'backdropClick' && onClose()}
      aria-labelledby="new-api-key-title"
      fullWidth
      fullScreen={phone}
      maxWidth="md"
    >
      <DialogTitle id="new-api-key-title">API key "{apiKey.name}" created</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">Copy this key now: it will not be shown again. Only its prefix {apiKey.prefix} stays visible in the list.</Alert>
          <CopyableText text={apiKey.secret} label="API key" copyLabel="Copy key" />
          <Typography variant="body2" color="text.secondary">
            Access: {scopesSummary(apiKey.scopes, catalogue)}. The key acts for you, within these scopes, and stops working if it is revoked, expires, or your
            admin account is disabled.
          </Typography>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            Try it with curl
          </Typography>
          <CopyableText text={curlExample(apiKey.secret, url)} label="curl example" copyLabel="Copy curl example" />
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            Node.js (18 or later, in an ES module)
          </Typography>
          <CopyableText text={nodeExample(apiKey.secret, url)} label="Node.js example" copyLabel="Copy Node.js example" />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          I have copied the key
        </Button>
      </DialogActions>
    </Dialog>
  );
}
