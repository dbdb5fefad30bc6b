/** The search item's option lookup of spec 02 §7, paged by an opaque key. */
import { z } from 'zod';
import { defineEndpoint, queryInt } from './define';
import { envelope } from './envelope';

const id = z.string().min(1).max(200);

/** Spec 02 §9 page size. */
export const SEARCH_PAGE_SIZE = 10;
export const MAX_SEARCH_PAGE_SIZE = 100;

export const searchPageSchema = z.object({
  items: z.array(z.string()),
  /** null on the last page. */
  lastEvaluatedKey: z.string().nullable(),
});
export type SearchPage = z.infer<typeof searchPageSchema>;

export const surveySearches = defineEndpoint({
  method: 'GET',
  path: '/survey-searches',
  auth: 'required',
  query: z.object({
    itemKey: id,
    surveyId: id,
    lastEvaluatedKey: z.string().max(1000).optional(),
    limit: queryInt().min(1).max(MAX_SEARCH_PAGE_SIZE).default(SEARCH_PAGE_SIZE),
    /** The typed text (the search condition); absent lists from the start. */
    condition1: z.string().max(500).optional(),
  }),
  response: envelope(searchPageSchema),
});
