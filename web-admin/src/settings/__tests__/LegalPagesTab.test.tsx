import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, defaultI18nProvider, Notification } from 'react-admin';
import { beforeEach, describe, expect, it } from 'vitest';
import { authProvider, dataProvider, type LegalPage } from '../../api';
import { fakeApi, meAsAdmin, storeAdminSession } from '../../test/fakeApi';
import { LegalPagesTab } from '../LegalPagesTab';

const PAGES = ['terms', 'privacy', 'refund'] as const;
const LANGUAGES = ['en', 'es', 'fr', 'de'] as const;

/** What GET /api/admin/legal-pages answers: nothing stored but the Spanish refund page. */
function stored(): LegalPage[] {
  return PAGES.flatMap((page) =>
    LANGUAGES.map((language): LegalPage => {
      const custom = page === 'refund' && language === 'es';
      return {
        id: `${page}-${language}`,
        page,
        language,
        markdown: custom ? '## Reembolsos\n\nEn {{refundWindowDays}} días.' : '',
        defaultMarkdown: `## Built-in ${page} ${language}\n\nPay {{price}}.`,
        isDefault: !custom,
        updatedAt: custom ? '2026-11-20T10:00:00.000Z' : null,
        updatedBy: custom ? 'editor@example.com' : null,
      };
    }),
  );
}

function renderTab() {
  return render(
    <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={defaultI18nProvider}>
      <LegalPagesTab />
      <Notification />
    </AdminContext>,
  );
}

/** Picks an option of an MUI select by its label. */
async function choose(label: string, option: string) {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: label }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

const markdownField = () => screen.getByRole('textbox', { name: 'Markdown' }) as HTMLTextAreaElement;

beforeEach(() => {
  localStorage.clear();
  storeAdminSession();
});

describe('Settings > Legal pages', () => {
  it('shows the default text of a page nobody wrote, and the stored text with who saved it', async () => {
    fakeApi({ 'GET /api/auth/me': meAsAdmin, 'GET /api/admin/legal-pages': () => ({ body: stored() }) });
    renderTab();
    await waitFor(() => expect(markdownField().value).toBe('## Built-in terms en\n\nPay {{price}}.'));
    expect(screen.getByText('Default text')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Reset to default text' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);

    await choose('Page', 'Refund Policy');
    await choose('Language', 'Español (Spanish)');
    expect(markdownField().value).toBe('## Reembolsos\n\nEn {{refundWindowDays}} días.');
    expect(screen.getByText('Custom text')).toBeTruthy();
    expect(screen.getByText(/^Saved .* by editor@example\.com\.$/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Reset to default text' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('previews the draft as the server renders it, sanitised again in the console, without saving', async () => {
    const { calls } = fakeApi({
      'GET /api/auth/me': meAsAdmin,
      'GET /api/admin/legal-pages': () => ({ body: stored() }),
      'POST /api/admin/legal-pages/terms/de/preview': () => ({ body: { html: '<h2>Preis</h2><p>297,50 € <img src="x" onerror="alert(1)"></p>' } }),
    });
    renderTab();
    await choose('Language', 'Deutsch (German)');
    fireEvent.change(markdownField(), { target: { value: '## Preis\n\n{{price}}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByTestId('legal-preview');
    expect(within(preview).getByRole('heading', { name: 'Preis' })).toBeTruthy();
    expect(preview.innerHTML).not.toContain('onerror');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ markdown: '## Preis\n\n{{price}}' });
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('saves the text of one page in one language and says so only once the server saved it', async () => {
    const { calls } = fakeApi({
      'GET /api/auth/me': meAsAdmin,
      'GET /api/admin/legal-pages': () => ({ body: stored() }),
      'PUT /api/admin/legal-pages/privacy/fr': (body) => ({
        body: {
          ...stored().find((p) => p.id === 'privacy-fr')!,
          markdown: (body as { markdown: string }).markdown,
          isDefault: false,
          updatedAt: '2026-11-27T09:00:00.000Z',
          updatedBy: 'admin@example.com',
        },
      }),
    });
    renderTab();
    await choose('Page', 'Privacy Policy');
    await choose('Language', 'Français (French)');
    fireEvent.change(markdownField(), { target: { value: '## Confidentialité\n\nÉcrivez à {{supportEmail}}.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Privacy Policy (Français (French)) saved')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/api/admin/legal-pages/privacy/fr',
      body: { markdown: '## Confidentialité\n\nÉcrivez à {{supportEmail}}.' },
    });
    await waitFor(() => expect(screen.getByText('Custom text')).toBeTruthy());
    expect(markdownField().value).toBe('## Confidentialité\n\nÉcrivez à {{supportEmail}}.');
  });

  it("puts the server's refusal on the field and does not claim success", async () => {
    fakeApi({
      'GET /api/auth/me': meAsAdmin,
      'GET /api/admin/legal-pages': () => ({ body: stored() }),
      'PUT /api/admin/legal-pages/terms/en': () => ({
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'The page text must be Markdown text',
          errors: { markdown: 'The page text must be Markdown text' },
        },
      }),
    });
    renderTab();
    await waitFor(() => expect(markdownField().value).not.toBe(''));
    fireEvent.change(markdownField(), { target: { value: 'Mine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Could not save Terms of Service (English): The page text must be Markdown text')).toBeTruthy();
    await waitFor(() => expect(markdownField().getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Default text')).toBeTruthy();
  });

  it('goes back to the default text after a confirmation, by saving an empty text', async () => {
    const { calls } = fakeApi({
      'GET /api/auth/me': meAsAdmin,
      'GET /api/admin/legal-pages': () => ({ body: stored() }),
      'PUT /api/admin/legal-pages/refund/es': () => ({
        body: { ...stored().find((p) => p.id === 'refund-es')!, markdown: '', isDefault: true, updatedAt: null, updatedBy: null },
      }),
    });
    renderTab();
    await choose('Page', 'Refund Policy');
    await choose('Language', 'Español (Spanish)');
    fireEvent.click(screen.getByRole('button', { name: 'Reset to default text' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Refund Policy (Español (Spanish)) shows the default text')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ markdown: '' });
    await waitFor(() => expect(markdownField().value).toBe('## Built-in refund es\n\nPay {{price}}.'));
    expect(screen.getByText('Default text')).toBeTruthy();
  });
});
