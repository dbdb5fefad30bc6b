/** The stored search and the chosen survey's config, as the list, details and cancel screens need them. */
import { useQuery } from '@tanstack/react-query';
import { lookupConfigQuery } from './queries';
import { loadSearch } from './store';

export const useStoredSearch = () => {
  const stored = loadSearch();
  const config = useQuery({ ...lookupConfigQuery(stored?.surveyId ?? ''), enabled: stored !== null });
  return { stored, config };
};
