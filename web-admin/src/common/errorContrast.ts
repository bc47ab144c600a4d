/**
 * The theme's error red is too light for a field label on a filled input's
 * grey (axe color-contrast); forms with server or range errors use the darker red.
 */
export const readableErrorLabels = { '& .MuiFormLabel-root.Mui-error': { color: 'error.dark' } } as const;
