export function localSecrets(
  dir: string,
  env: Record<string, string | undefined>,
): Record<'JWT_SECRET' | 'SETTINGS_ENCRYPTION_KEY' | 'SANDBOX_IPN_SECRET' | 'EMBEDDED_PG_PASSWORD', string>;
