import { Box } from '@mui/material';
import { TwoFactorCard } from '../components/two-factor/TwoFactorCard';

/** /admin/two-factor: the admin's own two-factor sign-in, from the header. */
export default function TwoFactorPage() {
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 720 }}>
      <TwoFactorCard />
    </Box>
  );
}
