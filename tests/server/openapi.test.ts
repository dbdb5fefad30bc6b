/**
 * The OpenAPI document (server/openapi.ts) served at GET /survey/api/v1/openapi.json: every call the
 * app registers is in it and nothing else, it reads as OpenAPI 3.1, and a schema JSON Schema cannot
 * express does not break it. The document does not depend on the engine: SQLite only.
 */
import * as z from 'zod/mini';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, STAFF_PREFIX } from '@core/contract/define';
import { ITEM_TYPES } from '@core/form/item-types';
import { createApp } from '../../server/app';
import { buildOpenApi, openApiPathOf } from '../../server/openapi';
import { startTestServer, type TestServer } from './harness';

type Doc = {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
};
type Operation = {
  operationId: string;
  parameters: { name: string; in: string; required: boolean }[];
  requestBody?: { content: { 'application/json': { schema: Record<string, unknown> } } };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
  security: Record<string, string[]>[];
  'x-staff-action'?: string;
};

const refsIn = (node: unknown): string[] =>
  Array.isArray(node)
    ? node.flatMap(refsIn)
    : node && typeof node === 'object'
      ? Object.entries(node).flatMap(([k, v]) => (k === '$ref' && typeof v === 'string' ? [v] : refsIn(v)))
      : [];

describe('OpenAPI document', () => {
  let srv: TestServer;
  let doc: Doc;
  let text: string;

  beforeAll(async () => {
    srv = await startTestServer('sqlite');
    const res = await srv.fetch('/survey/api/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    text = await res.text();
    doc = JSON.parse(text) as Doc;
  });
  afterAll(async () => {
    await srv?.stop();
  });

  const operations = () => Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));

  it('lists exactly the calls the app registers', () => {
    const registered = createApp(srv.deps)
      .routes.filter((r) => (r.path.startsWith(`${API_PREFIX}/`) || r.path.startsWith(`${STAFF_PREFIX}/`)) && r.method !== 'ALL')
      .map((r) => `${r.method} ${r.path}`);
    const documented = operations().map(({ path, method }) => `${method.toUpperCase()} ${doc.servers[0]?.url}${path.replace(/\{([^}]+)\}/g, ':$1')}`);
    expect(new Set(registered).size).toBe(registered.length);
    expect([...documented].sort()).toEqual([...registered].sort());
    expect(registered.length).toBeGreaterThan(20);
  });

  it('reads as OpenAPI 3.1: each operation has an id, responses, and references that resolve', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.servers).toEqual([{ url: '/survey/api/v1' }]);
    const ids = operations().map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, op } of operations()) {
      expect(Object.keys(op.responses).length, path).toBeGreaterThan(0);
      expect(Object.keys(op.responses).some((s) => /^[23]\d\d$/.test(s)), path).toBe(true);
      // Every {name} of the path is a required path parameter, and no other is.
      const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      expect(op.parameters.filter((p) => p.in === 'path').map((p) => p.name)).toEqual(inPath);
      expect(op.parameters.filter((p) => p.in === 'path').every((p) => p.required)).toBe(true);
    }
    for (const ref of refsIn(doc)) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(doc.components.schemas, ref).toHaveProperty([ref.slice('#/components/schemas/'.length)]);
    }
    expect(text).not.toContain('"$schema"');
  });

  it('documents auth, the Idempotency-Key header, the body and the answer from the contract', () => {
    const putItem = doc.paths['/db/survey-results/putItem']?.['post'] as Operation;
    expect(putItem.operationId).toBe('surveyResultsPutItem');
    expect(putItem.security).toEqual([{ bearerAuth: [] }]);
    expect(putItem.parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false }));
    const body = putItem.requestBody?.content['application/json'].schema as { properties: Record<string, unknown>; required: string[] };
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['data', 'subData', 'order', 'items', 'checkStatus']));
    expect(body.required).toEqual(['data']);
    expect(JSON.stringify(putItem.responses['200'])).toContain('"answercode"');
    expect(putItem.responses['default']?.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/ErrorAnswer' });

    const schedule = Object.entries(doc.paths).find(([p]) => p.startsWith('/db/calendars/schedule/'));
    expect(schedule?.[0]).toBe(openApiPathOf('/db/calendars/schedule/:id'));
    const optional = operations().filter(({ op }) => op.security.length === 2);
    expect(optional.length).toBeGreaterThan(0);
    for (const { op } of optional) expect(op.security).toEqual([{ bearerAuth: [] }, {}]);
    expect(doc.paths['/db/app-config']?.['get']?.security).toEqual([]);
    expect(doc.paths['/db/survey/tap']?.['get']?.responses).toHaveProperty('302');
    expect(doc.components.securitySchemes).toEqual({
      bearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      staffSession: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'sakura_staff' }),
    });
    // A staff call names its session and the role's permission it needs.
    expect(doc.paths['/staff/me']?.['get']?.security).toEqual([{ staffSession: [] }]);
    expect(doc.paths['/staff/me']?.['get']?.['x-staff-action']).toBe('self');
    expect(doc.paths['/staff/sign-in']?.['post']?.security).toEqual([]);
  });

  it('moves a recursive schema’s definitions into components', () => {
    const tree = doc.paths['/db/calendars/categories_tree']?.['get'];
    const refs = refsIn(tree?.responses['200']);
    expect(refs.length).toBeGreaterThan(0);
    expect(refs.every((r) => r.startsWith('#/components/schemas/calendarsCategoriesTree.'))).toBe(true);
  });

  it('lists every item type’s own fields for a form’s items, though the app parses them by dispatch', () => {
    const config = JSON.stringify(doc.paths['/db/survey-configs/getItem']?.['get']?.responses['200']);
    const types = [...config.matchAll(/"type":\{"type":"string","const":"([A-Za-z0-9]+)"\}/g)].map((m) => m[1]);
    expect(new Set(types)).toEqual(new Set(ITEM_TYPES));
    // Fields of the text type alone.
    expect(config).toContain('"halfWidthOnly"');
    expect(config).toContain('"fullKatakanaOnly"');
  });

  it('is built once: a second request answers the same text', async () => {
    expect(await (await srv.fetch('/survey/api/v1/openapi.json')).text()).toBe(text);
  });

  it('survives schemas JSON Schema cannot express: transforms, custom checks, pipes', () => {
    const odd = buildOpenApi([
      {
        method: 'POST',
        path: '/odd/:id',
        auth: 'optional',
        params: z.object({ id: z.string().check(z.refine((s) => s.startsWith('x'))) }),
        query: z.object({ n: z.pipe(z.string(), z.transform((s) => Number(s))) }),
        body: z.pipe(z.string(), z.transform((s) => s.length)),
        response: z.custom<Date>((v) => v instanceof Date),
      },
    ]) as unknown as Doc;
    const op = odd.paths['/db/odd/{id}']?.['post'] as Operation;
    expect(op.operationId).toBe('post_odd_id');
    expect(op.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(['path:id', 'query:n']);
    expect(op.responses['200']?.content?.['application/json']?.schema).toEqual({});
  });
});
