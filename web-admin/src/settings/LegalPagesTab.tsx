import { Alert, Box, Button, Chip, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import DOMPurify from 'dompurify';
import { useState } from 'react';
import { Confirm, useNotify } from 'react-admin';
import { errorMessage, queryKeys, useApi, type LegalLanguage, type LegalPage, type LegalPageName } from '../api';
import { useConsoleAction } from '../common/useConsoleAction';
import { QueryState } from '../common/QueryState';
import { formatDateTime } from '../common/format';

export const LEGAL_PAGE_CHOICES: Array<{ id: LegalPageName; name: string; path: string }> = [
  { id: 'terms', name: 'Terms of Service', path: '/terms-of-service' },
  { id: 'privacy', name: 'Privacy Policy', path: '/privacy-policy' },
  { id: 'refund', name: 'Refund Policy', path: '/refund-policy' },
];

export const LEGAL_LANGUAGE_CHOICES: Array<{ id: LegalLanguage; name: string }> = [
  { id: 'en', name: 'English' },
  { id: 'es', name: 'Español (Spanish)' },
  { id: 'fr', name: 'Français (French)' },
  { id: 'de', name: 'Deutsch (German)' },
];

/** What a text may say in double braces, filled from the settings when the page is shown. */
const PLACEHOLDERS = [
  ['price', 'the price, in the currency of Settings > Payments, as the language writes money'],
  ['currency', 'the currency code (USD, EUR...)'],
  ['refundWindowDays', 'the days of the money-back guarantee'],
  ['refundMaxAccessedPercent', 'the share of the course a refund allows to have opened'],
  ['sellerName', 'Settings > General seller name (else the site name)'],
  ['sellerAddress', 'Settings > General seller address'],
  ['supportEmail', 'Settings > General support email (else the admin email)'],
  ['siteName', 'Settings > General site name'],
] as const;

const MAX_LENGTH = 50_000;

const nameOf = (page: LegalPage) =>
  `${LEGAL_PAGE_CHOICES.find((c) => c.id === page.page)?.name ?? page.page} (${LEGAL_LANGUAGE_CHOICES.find((c) => c.id === page.language)?.name ?? page.language})`;

/**
 * Settings > Legal pages: the terms, privacy and refund pages of the learner
 * site, in Markdown, one text per language. A page nobody wrote shows its
 * built-in text ("Default text"); saving the built-in text unchanged, or an
 * empty text, keeps (or goes back to) the default.
 */
export function LegalPagesTab() {
  const api = useApi();
  const [page, setPage] = useState<LegalPageName>('terms');
  const [language, setLanguage] = useState<LegalLanguage>('en');
  const query = useQuery<LegalPage[]>({ queryKey: queryKeys.legalPages, queryFn: () => api.getLegalPages() });
  return (
    <QueryState query={query} label="legal pages">
      {(pages) => {
        const record = pages.find((p) => p.page === page && p.language === language);
        return (
          <Stack spacing={2}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField select label="Page" value={page} onChange={(e) => setPage(e.target.value as LegalPageName)} sx={{ minWidth: 220 }}>
                {LEGAL_PAGE_CHOICES.map((c) => (
                  <MenuItem key={c.id} value={c.id}>
                    {c.name}
                  </MenuItem>
                ))}
              </TextField>
              <TextField select label="Language" value={language} onChange={(e) => setLanguage(e.target.value as LegalLanguage)} sx={{ minWidth: 220 }}>
                {LEGAL_LANGUAGE_CHOICES.map((c) => (
                  <MenuItem key={c.id} value={c.id}>
                    {c.name}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            {/* A new editor per page, language and stored version: the draft starts from what is stored. */}
            {record && <LegalPageEditor key={`${record.id}:${record.updatedAt ?? 'default'}`} record={record} />}
          </Stack>
        );
      }}
    </QueryState>
  );
}

function LegalPageEditor({ record }: { record: LegalPage }) {
  const api = useApi();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const initial = record.isDefault ? record.defaultMarkdown : record.markdown;
  const [draft, setDraft] = useState(initial);
  const [preview, setPreview] = useState<string | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const name = nameOf(record);

  const stored = (saved: LegalPage) => queryClient.setQueryData<LegalPage[]>(queryKeys.legalPages, (all) => all?.map((p) => (p.id === saved.id ? saved : p)));
  const save = useConsoleAction((markdown: string) => api.saveLegalPage(record.page, record.language, markdown), {
    success: (saved) => (saved.isDefault ? `${name} shows the default text` : `${name} saved`),
    failure: `Could not save ${name}`,
    refresh: false,
  });
  const render = useMutation({
    mutationFn: (markdown: string) => api.previewLegalPage(record.page, record.language, markdown),
    onSuccess: (html) => setPreview(DOMPurify.sanitize(html)),
    onError: (error) => notify(`Could not preview ${name}: ${errorMessage(error)}`, { type: 'error' }),
  });
  // The built-in text saved unchanged stays the default (later versions of it then still apply).
  const toSave = draft.trim() === record.defaultMarkdown.trim() ? '' : draft;
  const tooLong = draft.length > MAX_LENGTH;
  const fieldError = tooLong ? `At most ${MAX_LENGTH} characters` : save.isError ? errorMessage(save.error) : undefined;

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        {record.isDefault ? <Chip label="Default text" size="small" /> : <Chip label="Custom text" color="primary" size="small" />}
        <Typography variant="body2" color="text.secondary">
          {record.isDefault
            ? 'The built-in text of this page in this language is shown. Edit it and save to use your own.'
            : `Saved ${formatDateTime(record.updatedAt)}${record.updatedBy ? ` by ${record.updatedBy}` : ''}.`}
        </Typography>
      </Stack>
      <TextField
        label="Markdown"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        multiline
        minRows={12}
        maxRows={30}
        fullWidth
        error={Boolean(fieldError)}
        helperText={fieldError ?? `${draft.length} / ${MAX_LENGTH} characters. Headings (##), lists, **bold**, links; HTML is shown as text.`}
        slotProps={{ htmlInput: { 'aria-describedby': 'legal-placeholders', spellCheck: true } }}
      />
      <Box id="legal-placeholders">
        <Typography variant="body2" color="text.secondary" component="div">
          Placeholders:{' '}
          {PLACEHOLDERS.map(([key, meaning], i) => (
            <span key={key}>
              {i > 0 && ', '}
              <code>{`{{${key}}}`}</code> ({meaning})
            </span>
          ))}
          . Anything else in double braces is shown as written.
        </Typography>
      </Box>
      <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
        <Button variant="contained" disabled={save.isPending || tooLong || draft === initial} onClick={() => save.mutate(toSave, { onSuccess: stored })}>
          Save
        </Button>
        <Button variant="outlined" disabled={render.isPending || tooLong} onClick={() => render.mutate(draft)}>
          Preview
        </Button>
        <Button variant="text" disabled={draft === initial} onClick={() => setDraft(initial)}>
          Discard changes
        </Button>
        <Button variant="text" color="warning" disabled={record.isDefault || save.isPending} onClick={() => setConfirmReset(true)}>
          Reset to default text
        </Button>
      </Stack>
      {preview !== null && (
        <Paper variant="outlined" sx={{ p: 2 }} aria-label="Preview">
          <Typography variant="overline" component="p">
            Preview, with today’s settings
          </Typography>
          {/* Sanitised by the server (and again here): headings, paragraphs, lists and links only. */}
          <Box
            data-testid="legal-preview"
            sx={{ '& h2': { typography: 'h6', mt: 2 }, '& a': { color: 'primary.main' } }}
            dangerouslySetInnerHTML={{ __html: preview }}
          />
        </Paper>
      )}
      {!record.isDefault && (
        <Alert severity="info" variant="outlined">
          Learners who open {LEGAL_PAGE_CHOICES.find((c) => c.id === record.page)?.path} in this language see this text.
        </Alert>
      )}
      <Confirm
        isOpen={confirmReset}
        title={`Reset ${name}?`}
        content="Your text is deleted and the page shows its built-in text again."
        confirm="Reset"
        onConfirm={() => {
          setConfirmReset(false);
          save.mutate('', { onSuccess: stored });
        }}
        onClose={() => setConfirmReset(false)}
      />
    </Stack>
  );
}
