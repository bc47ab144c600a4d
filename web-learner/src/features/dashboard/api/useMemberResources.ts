import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { affiliateProgramsQuery, automationsQuery, botsQuery, cloudFoldersQuery, contentQuery, toolCategoriesQuery } from '../../../api/queries';
import type { ContentQuery } from '../../../api/types';

/** The members' area sections, one hook per section's list. */
export const useAffiliatePrograms = () => useQuery(affiliateProgramsQuery);

export const useToolCategories = () => useQuery(toolCategoriesQuery);

export const useAutomations = () => useQuery(automationsQuery);

export const useTrafficBots = () => useQuery(botsQuery);

export const useCloudFolders = () => useQuery(cloudFoldersQuery);

/** One page of the content library; the previous page stays on screen while the next one loads. */
export const useContentLibrary = (query: ContentQuery) => useQuery({ ...contentQuery(query), placeholderData: keepPreviousData });
