import type { Schemas } from '../../../backend/openapi';
import { api } from './client';

export type LegalPageName = Schemas['LegalPageName'];
/** A legal page as the API gives it: sanitised HTML, its placeholders filled from the settings, in one language. */
export type LegalPageContent = Schemas['PublicLegalPage'];

/**
 * The id of the JSON the server writes into a legal page it renders
 * (backend modules/site/public-pages.ts): the text the page was drawn with,
 * so the app hydrates with the same text instead of asking for it first.
 */
export const LEGAL_PAGE_ID = 'legal-page';

export const fetchLegalPage = (page: LegalPageName, language: string): Promise<LegalPageContent> =>
  api('get', '/api/legal-pages/{page}', { path: { page }, query: { language: language as LegalPageContent['language'] } });

/** The legal page the server rendered this page with, or null. */
export function serverLegalPage(): LegalPageContent | null {
  const data = typeof document === 'undefined' ? undefined : document.getElementById(LEGAL_PAGE_ID)?.textContent;
  if (!data) return null;
  try {
    return JSON.parse(data) as LegalPageContent;
  } catch {
    return null;
  }
}
