/**
 * The survey config reads of spec 01 §7. Apart from the result calls (survey.ts), whose schemas
 * carry the payment order's, so a page that only shows a form builds only the config's schemas.
 */
import * as z from 'zod/mini';
import { defineEndpoint } from './define';
import { envelope } from './envelope';
import { servedSurveyConfigSchema } from '../form/survey-config';

const id = z.string().check(z.minLength(1), z.maxLength(200));
const surveyIdQuery = z.object({ surveyId: id });

export const surveyConfigsGetItem = defineEndpoint({
  method: 'GET',
  path: '/survey-configs/getItem',
  auth: 'required',
  kiosk: true,
  office: true,
  query: surveyIdQuery,
  response: envelope(servedSurveyConfigSchema),
});

export const surveyConfigsGetAllSearchable = defineEndpoint({
  method: 'GET',
  path: '/survey-configs/getAllSearchable',
  auth: 'required',
  response: envelope(z.array(servedSurveyConfigSchema)),
});

export const surveyConfigsList = defineEndpoint({
  method: 'POST',
  path: '/survey-configs/getSurveyConfigsList',
  auth: 'required',
  body: z.object({ surveyIdList: z.array(id).check(z.maxLength(200)) }),
  response: envelope(z.array(servedSurveyConfigSchema)),
});

/** The open forms for the start page (anyone may see which forms exist; answering needs sign-in). */
export const surveyConfigsOpenList = defineEndpoint({
  method: 'GET',
  path: '/survey-configs/open',
  auth: 'none',
  response: envelope(
    z.array(
      z.object({
        surveyId: z.string(),
        surveyTitle: z.string(),
        description: z.nullable(z.string()),
        /** 'bed' opens the bed reservation page (/bed-reservation/{id}) instead of the form. */
        surveyType: z.optional(z.string()),
        /** A form for members (spec 01 §4): its member form, whose list holds the member's bookings. */
        memberFormId: z.optional(z.string()),
        /** The large category its reservation item fixes: other forms' items leave it out (core/rules/own-categories.ts). */
        ownLargeCategory: z.optional(z.string()),
      }),
    ),
  ),
});
