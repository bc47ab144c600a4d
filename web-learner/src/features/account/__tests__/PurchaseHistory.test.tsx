import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Purchase } from '../../../api/types';
import { endSession, startSession } from '../../../auth/session';
import { switchLanguage } from '../../../i18n/language';
import { recordRequests, server, type SentRequest } from '../../../test/server';
import { PurchaseHistory } from '../PurchaseHistory';

const PAID_ID = '0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9';
const REFUNDED_ID = '9f8e7d6c-5b4a-4392-8170-6e5d4c3b2a19';

const purchase = (overrides: Partial<Purchase>): Purchase => ({
  paymentId: PAID_ID,
  state: 'PAID',
  amount: '497.00',
  currency: 'EUR',
  method: 'card',
  payCurrency: 'CARD',
  network: 'Card',
  createdAt: '2026-11-20T10:00:00.000Z',
  paidAt: '2026-11-20T10:01:00.000Z',
  refundedAt: null,
  receiptNumber: 'R-001041',
  creditNoteNumber: null,
  refund: { request: null, eligible: true, reasons: [] },
  ...overrides,
});

const refunded = purchase({
  paymentId: REFUNDED_ID,
  state: 'REFUNDED',
  refundedAt: '2026-11-22T09:00:00.000Z',
  receiptNumber: 'R-001040',
  creditNoteNumber: 'CN-000007',
  refund: { request: { status: 'refunded', createdAt: '2026-11-21T09:00:00.000Z', decisionReason: null }, eligible: false, reasons: [] },
});

function renderHistory(purchases: Purchase[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PurchaseHistory purchases={purchases} />
    </QueryClientProvider>,
  );
}

describe('purchase history: the credit note beside the receipt', () => {
  const saved: string[] = [];
  let sent: SentRequest[];
  /** The PDF endpoints cannot answer. */
  const failDownloads = () => server.use(http.get('/api/account/purchases/:paymentId/:document', () => new HttpResponse('', { status: 500 })));

  beforeEach(async () => {
    await act(() => switchLanguage('en'));
    startSession('learner-token', 'buyer@example.com');
    saved.length = 0;
    server.use(
      http.get(
        `/api/account/purchases/${REFUNDED_ID}/credit-note`,
        () =>
          new HttpResponse(new Blob(['%PDF-1.7 credit note']), {
            status: 200,
            headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="credit-note-CN-000007.pdf"' },
          }),
      ),
      http.all('/api/*', () => new HttpResponse(JSON.stringify({ statusCode: 404, message: 'Not found' }), { status: 404 })),
    );
    sent = recordRequests();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:credit-note', revokeObjectURL: () => undefined }));
    // The file the browser is handed: the download link saveFile clicks.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    endSession();
    localStorage.clear();
    await act(() => switchLanguage('en'));
  });

  it('lists the credit note number of a refunded purchase beside its receipt, and downloads the credit note with the session', async () => {
    renderHistory([refunded, purchase({})]);
    const [refundedItem, paidItem] = screen.getAllByTestId('purchase');
    expect(refundedItem.textContent).toContain('Receipt R-001040 · Credit note CN-000007');
    expect(within(refundedItem).getByRole('button', { name: 'Download Receipt (PDF)' })).toBeDefined();
    // A paid purchase has a receipt and no credit note.
    expect(paidItem.textContent).toContain('Receipt R-001041');
    expect(paidItem.textContent).not.toContain('Credit note');
    expect(within(paidItem).queryByRole('button', { name: 'Download Credit Note (PDF)' })).toBeNull();

    await userEvent.setup().click(within(refundedItem).getByRole('button', { name: 'Download Credit Note (PDF)' }));
    await vi.waitFor(() => expect(saved).toEqual(['credit-note-CN-000007.pdf']));
    const download = sent.find((request) => request.path.endsWith('/credit-note'))!;
    expect(download.path).toBe(`/api/account/purchases/${REFUNDED_ID}/credit-note`);
    expect(download.headers.get('Authorization')).toBe('Bearer learner-token');
  });

  it('says so in the interface language when the credit note cannot be downloaded', async () => {
    failDownloads();
    renderHistory([refunded]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download Credit Note (PDF)' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The credit note could not be downloaded. Please try again.');
    expect(saved).toEqual([]);
  });

  it('says so in the interface language when the receipt cannot be downloaded', async () => {
    failDownloads();
    await act(() => switchLanguage('es'));
    renderHistory([purchase({})]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Descargar recibo (PDF)' }));
    expect((await screen.findByRole('alert')).textContent).toContain('No se pudo descargar el recibo. Inténtalo de nuevo.');
    expect(saved).toEqual([]);
  });

  it.each([
    ['es', 'Recibo R-001040 · Factura rectificativa CN-000007', 'Descargar factura rectificativa (PDF)'],
    ['fr', 'Reçu R-001040 · Avoir CN-000007', 'Télécharger l’avoir (PDF)'],
    ['de', 'Beleg R-001040 · Gutschrift CN-000007', 'Gutschrift herunterladen (PDF)'],
  ] as const)('in %s: the credit note and its download in that language', async (language, line, button) => {
    await act(() => switchLanguage(language));
    renderHistory([refunded]);
    expect(screen.getByTestId('purchase').textContent).toContain(line);
    expect(screen.getByRole('button', { name: button })).toBeDefined();
  });
});
