import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LegalPageName } from '../../../api/legal';
import { legalPageQuery } from '../../../api/queries';

/**
 * A legal page in a language, as sanitised HTML (the seller's text, else the
 * built-in one). A page the server rendered already holds it (entry-server.tsx,
 * app/start.tsx); when the language changes, the previous text stays until
 * the new one is here.
 */
export const useLegalPage = (page: LegalPageName, language: string) => useQuery({ ...legalPageQuery(page, language), placeholderData: keepPreviousData });
