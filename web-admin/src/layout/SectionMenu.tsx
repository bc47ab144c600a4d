import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import HandshakeIcon from '@mui/icons-material/Handshake';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import AssessmentIcon from '@mui/icons-material/Assessment';
import DashboardIcon from '@mui/icons-material/Dashboard';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import HistoryIcon from '@mui/icons-material/History';
import IntegrationInstructionsIcon from '@mui/icons-material/IntegrationInstructions';
import PaymentsIcon from '@mui/icons-material/Payments';
import PeopleIcon from '@mui/icons-material/People';
import SchoolIcon from '@mui/icons-material/School';
import WorkHistoryIcon from '@mui/icons-material/WorkHistory';
import LibraryBooksIcon from '@mui/icons-material/LibraryBooks';
import SettingsIcon from '@mui/icons-material/Settings';
import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import StarIcon from '@mui/icons-material/Star';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { Box, Typography } from '@mui/material';
import type { ReactElement } from 'react';
import { Menu, useSidebarState } from 'react-admin';
import { useSiteName } from '../api';
import { EXTRA_SECTIONS, SECTIONS, type Section } from '../sections';

const ICONS: Record<string, ReactElement> = {
  '/overview': <DashboardIcon />,
  '/users': <PeopleIcon />,
  '/courses': <SchoolIcon />,
  '/analytics': <AssessmentIcon />,
  '/settings': <SettingsIcon />,
  '/payments': <PaymentsIcon />,
  '/coupons': <LocalOfferIcon />,
  '/affiliates': <HandshakeIcon />,
  '/affiliate-payouts': <RequestQuoteIcon />,
  '/audit-log': <HistoryIcon />,
  '/support-messages': <SupportAgentIcon />,
  '/reviews': <StarIcon />,
  '/certificates': <WorkspacePremiumIcon />,
  '/lesson-questions': <QuestionAnswerIcon />,
  '/queues': <WorkHistoryIcon />,
  '/integrations': <IntegrationInstructionsIcon />,
  '/mail-log': <ForwardToInboxIcon />,
  '/resources': <LibraryBooksIcon />,
};

function SectionLabel({ section }: { section: Section }) {
  return (
    <Box component="span" sx={{ display: 'block', whiteSpace: 'normal', py: 0.25 }}>
      <Typography component="span" variant="body2" sx={{ display: 'block', fontWeight: 600 }}>
        {section.title}
      </Typography>
      <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block', lineHeight: 1.3 }}>
        {section.description}
      </Typography>
    </Box>
  );
}

/** The site's name (General settings) above the sections, as the learner site shows it. */
function SiteName() {
  const name = useSiteName();
  return (
    <Typography component="p" variant="overline" data-testid="site-name" sx={{ px: 2, pt: 1, fontWeight: 700, lineHeight: 1.6 }}>
      {name}
    </Typography>
  );
}

/** The sidebar: the five sections with their short descriptions, then the extra ones. */
export function SectionMenu() {
  const [open] = useSidebarState();
  return (
    <Menu aria-label="Admin sections">
      {open && <SiteName />}
      {[...SECTIONS, ...EXTRA_SECTIONS].map((section) => (
        <Menu.Item
          key={section.path}
          to={section.path}
          primaryText={open ? <SectionLabel section={section} /> : section.title}
          leftIcon={ICONS[section.path]}
          aria-label={section.title}
        />
      ))}
    </Menu>
  );
}
