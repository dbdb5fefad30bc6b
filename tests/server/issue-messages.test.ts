/**
 * A refused request names its problem in zod's English texts (errorMessage and issues[].message
 * of the 400). The contract's schemas are zod/mini, which installs no texts of its own (classic
 * zod installs the English ones as a side effect of being imported); server/http.ts installs them.
 * This file imports nothing that loads classic zod, so it fails if that installation goes.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import {
  API_PREFIX,
  memberResultsCheckSaibanExist,
  surveyConfigsGetItem,
  surveyResourcesPresignedUrl,
  surveyResultsFilterQuery,
  type EndpointDef,
} from '@core/contract';
import type { AppEnv } from '../../server/app-env';
import { errorAnswerOf, route } from '../../server/http';
import { Refusal } from '@core/refusals';
import type { WriteRunner } from '../../server/idempotency';

const user = { userId: 'U-messages', name: undefined, picture: undefined };
/** Every request here is refused before its handler runs, so nothing writes. */
const writes = {
  plainCommit: () => {
    throw new Error('no write expected');
  },
  run: () => {
    throw new Error('no write expected');
  },
} as unknown as WriteRunner;

const appWith = (...endpoints: EndpointDef[]) => {
  const app = new Hono<AppEnv>();
  app.onError((e, c) => (e instanceof Refusal ? c.json(errorAnswerOf('req', e), e.status as 400) : c.json({ code: 'internal' }, 500)));
  for (const e of endpoints) route(app, { authenticate: async () => user, writes }, e, async () => ({ result: 'OK' }) as never);
  return app;
};

const refusal = async (app: Hono<AppEnv>, path: string, body?: unknown) => {
  const r = await app.request(`${API_PREFIX}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
  });
  expect(r.status).toBe(400);
  return (await r.json()) as { code: string; errorMessage: string; issues: { path: string; message: string }[] };
};

describe('issue messages of a refused request', () => {
  const app = appWith(surveyConfigsGetItem, surveyResultsFilterQuery, surveyResourcesPresignedUrl, memberResultsCheckSaibanExist);

  it('a missing or mistyped field: zod English text', async () => {
    const missing = await refusal(app, '/survey-configs/getItem');
    expect(missing).toMatchObject({
      code: 'bad_request',
      errorMessage: 'query.surveyId: Invalid input: expected string, received undefined',
      issues: [{ path: 'query.surveyId', message: 'Invalid input: expected string, received undefined' }],
    });

    const mistyped = await refusal(app, '/survey-results/filterQuery', { queryParams: { surveyId: 's', conditions: { name: 1 } } });
    expect(mistyped.issues).toEqual([{ path: 'body.queryParams.conditions.name', message: 'Invalid input: expected string, received number' }]);
  });

  it('a size limit and an enum: zod English text', async () => {
    const long = await refusal(app, `/survey-configs/getItem?surveyId=${'a'.repeat(201)}`);
    expect(long.issues).toEqual([{ path: 'query.surveyId', message: 'Too big: expected string to have <=200 characters' }]);

    const key = 'answers/123e4567-e89b-12d3-a456-426614174000';
    const type = await refusal(app, `/survey-resources/presignedUrl?key=${key}&contentType=image/gif`);
    expect(type.issues).toEqual([
      { path: 'query.contentType', message: 'Invalid option: expected one of "image/jpeg"|"image/png"|"image/heif"' },
    ]);
  });

  it("a schema's own message is kept", async () => {
    const saiban = await refusal(app, '/member-results/checkSaibanExist?memberSurveyId=m&saiban=%E3%81%82');
    expect(saiban.issues).toEqual([{ path: 'query.saiban', message: '半角英数字で入力してください' }]);
  });
});
