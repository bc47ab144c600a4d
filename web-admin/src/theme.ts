import { defaultTheme, type RaThemeOptions } from 'react-admin';

/**
 * react-admin's row checkboxes put their aria-label on MUI's root <span>, which
 * axe rejects (and leaves the <input> unnamed): move the label onto the input.
 */
const checkboxLabelOnInput = {
  root: (ownerState: Record<string, unknown>) => (ownerState['aria-label'] ? { 'aria-label': undefined } : {}),
  input: (ownerState: Record<string, unknown>) => (ownerState['aria-label'] ? { 'aria-label': ownerState['aria-label'] as string } : {}),
};

export const theme: RaThemeOptions = {
  ...defaultTheme,
  // Warning is a darker amber than MUI's (#ed6c02, 3.1:1 with its white text): "System Degraded", a failing mail status, read at 5:1.
  palette: { ...defaultTheme.palette, primary: { main: '#3f51b5' }, secondary: { main: '#1e293b' }, warning: { main: '#b45309' } },
  sidebar: { width: 260, closedWidth: 55 },
  components: {
    ...defaultTheme.components,
    MuiCheckbox: { defaultProps: { slotProps: checkboxLabelOnInput } },
    // On a phone a wide grid scrolls inside its card instead of widening the page.
    RaList: { styleOverrides: { root: { '& .RaList-content': { overflowX: 'auto', minWidth: 0 } } } },
    RaDatagrid: { styleOverrides: { root: { '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } } } },
    MuiTableContainer: { styleOverrides: { root: { overflowX: 'auto', maxWidth: '100%' } } },
  },
};
