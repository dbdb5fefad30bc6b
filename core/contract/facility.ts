/**
 * Facility search of spec 02 §7: a keyword search within a prefecture, answered by the places
 * provider through the server (the provider key never reaches the client).
 */
import * as z from 'zod/mini';
import { defineEndpoint } from './define';
import { errorAnswerSchema } from './envelope';

const id = z.string().check(z.minLength(1), z.maxLength(200));

/** Flattened from the provider's answer: the client stores name, address and phone only. */
export const placeSchema = z.object({
  displayName: z.string(),
  shortFormattedAddress: z.string(),
  /** As the provider gives it (+81 …); the client normalises it to a domestic number. */
  internationalPhoneNumber: z.optional(z.nullable(z.string())),
  location: z.object({ lat: z.number(), lng: z.number() }),
});
export type Place = z.infer<typeof placeSchema>;

/** The spec's answer is `results.places`; an empty list is an OK answer (該当する施設が見つかりませんでした). */
export const surveyResultsPlaceGoogle = defineEndpoint({
  method: 'POST',
  path: '/survey-results/place-google',
  auth: 'required',
  kiosk: true,
  office: true,
  billed: true,
  body: z.object({
    surveyId: id,
    itemKey: id,
    query: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
    /** A prefecture name of the 47-prefecture list; the server maps it to a centre and radius. */
    prefecture: z.string().check(z.minLength(1), z.maxLength(10)),
  }),
  response: z.union([
    z.object({ result: z.literal('OK'), results: z.object({ places: z.array(placeSchema) }) }),
    errorAnswerSchema,
  ]),
});
