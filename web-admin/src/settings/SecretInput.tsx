import { PasswordInput } from 'react-admin';

/**
 * A write-only secret: the field starts empty (the server never sends the
 * secret), shows/hides only what the admin types, and empty keeps the stored one.
 */
export function SecretInput({ source, label, stored }: { source: string; label: string; stored: boolean }) {
  return (
    <PasswordInput
      source={source}
      label={label}
      autoComplete="new-password"
      fullWidth
      placeholder={stored ? '••••••••' : undefined}
      helperText={stored ? 'A value is stored. Leave empty to keep it, or type a new one to replace it.' : 'Not set'}
    />
  );
}
