/** The search item's option lookup of spec 02 §7, paged by an opaque key. */
import * as z from 'zod/mini';
import { defineEndpoint, queryInt } from './define';
import { envelope } from './envelope';

const id = z.string().check(z.minLength(1), z.maxLength(200));

/** Spec 02 §9 page size. */
export const SEARCH_PAGE_SIZE = 10;
export const MAX_SEARCH_PAGE_SIZE = 100;

export const searchPageSchema = z.object({
  items: z.array(z.string()),
  /** null on the last page. */
  lastEvaluatedKey: z.nullable(z.string()),
});

export const surveySearches = defineEndpoint({
  method: 'GET',
  path: '/survey-searches',
  auth: 'required',
  kiosk: true,
  office: true,
  query: z.object({
    itemKey: id,
    surveyId: id,
    lastEvaluatedKey: z.optional(z.string().check(z.maxLength(1000))),
    limit: z._default(queryInt().check(z.minimum(1), z.maximum(MAX_SEARCH_PAGE_SIZE)), SEARCH_PAGE_SIZE),
    /** The typed text (the search condition); absent lists from the start. */
    condition1: z.optional(z.string().check(z.maxLength(500))),
  }),
  response: envelope(searchPageSchema),
});
