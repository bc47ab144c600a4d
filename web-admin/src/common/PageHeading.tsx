import { Typography } from '@mui/material';

/** The visible title of a create, edit or detail page (the header shows the section). */
export function PageHeading({ children }: { children: string }) {
  return (
    <Typography component="h2" variant="h5" sx={{ mt: 2, mb: 1, fontWeight: 600 }}>
      {children}
    </Typography>
  );
}
