/**
 * The OpenAPI 3.1 document of the API, for clients other than the PWA: generated from the contract
 * (core/contract), so it describes what route() validates and answers and cannot drift from it.
 * Schemas are zod's own JSON Schema output (draft 2020-12, OpenAPI 3.1's dialect): request parts
 * as their input types (before defaults and coercions), answers as their output types; whatever
 * JSON Schema cannot say (a transform, a custom check) becomes an unconstrained schema instead of
 * failing the document. Only the endpoints the app registered are listed: the contract also holds
 * calls whose routes are later issues, and a client must not be told of a call that answers 404.
 */
import * as z from 'zod/mini';
import { STAFF_PREFIX, prefixOf, type EndpointDef } from '@core/contract/define';
import { STAFF_COOKIE } from './staff/session';
import { errorAnswerSchema } from '@core/contract/envelope';
import { endpoints } from '@core/contract/index';
import { everyItemSchema, schemaItemSchema } from '@core/items/registry';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from './idempotency';

/** Outside API_PREFIX: the document describes the calls, it is not one of them. */
export const OPENAPI_PATH = '/survey/api/v1/openapi.json';

type Json = Record<string, unknown>;
type Io = 'input' | 'output';

/** Hono's `:name` segments are OpenAPI's `{name}`. */
export const openApiPathOf = (path: string): string => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const BEARER = 'bearerAuth';
const STAFF_SESSION = 'staffSession';
/** The document's one server is the API root; each path starts with its API (/db, /staff). */
const API_ROOT = '/survey/api/v1';
const ERROR_ANSWER = 'ErrorAnswer';

const replaceRefs = (node: unknown, refOf: (ref: string) => string | undefined): unknown => {
  if (Array.isArray(node)) return node.map((n) => replaceRefs(n, refOf));
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' ? (refOf(v) ?? v) : replaceRefs(v, refOf)]),
  );
};

/**
 * An item of a form is parsed by a dispatch on its type (core/items/registry.ts), which JSON Schema
 * cannot follow: the document lists every type's schema in its place instead.
 */
const itemsInFull = (io: Io) => (ctx: { zodSchema: unknown; jsonSchema: object }) => {
  if (ctx.zodSchema !== schemaItemSchema) return;
  const json = ctx.jsonSchema as Record<string, unknown>;
  for (const k of Object.keys(json)) delete json[k];
  const { $schema: _dialect, ...every } = z.toJSONSchema(everyItemSchema(), { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Json;
  Object.assign(json, every);
};

/**
 * One schema as JSON Schema. A recursive schema comes with `$defs` and `#/$defs/…` references,
 * which inside an OpenAPI document would resolve against the document's root: they are moved to
 * components.schemas under names of their own (`name.def`), and a reference to the schema itself
 * (`#`) to a component holding it.
 */
const schemaOf = (schema: z.ZodMiniType, io: Io, name: string, components: Record<string, unknown>): Json => {
  const { $schema: _dialect, $defs, ...json } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any', override: itemsInFull(io) }) as Json & {
    $defs?: Record<string, unknown>;
  };
  const refOf = (ref: string) =>
    ref === '#' ? `#/components/schemas/${name}` : ref.startsWith('#/$defs/') ? `#/components/schemas/${name}.${ref.slice('#/$defs/'.length)}` : undefined;
  for (const [def, body] of Object.entries($defs ?? {})) components[`${name}.${def}`] = replaceRefs(body, refOf);
  const out = replaceRefs(json, refOf) as Json;
  if (!JSON.stringify(out).includes(`"#/components/schemas/${name}"`)) return out;
  components[name] = out;
  return { $ref: `#/components/schemas/${name}` };
};

/** The properties of an object schema as parameters (path and query parts are objects of strings). */
const parametersOf = (schema: z.ZodMiniType | undefined, where: 'path' | 'query', name: string, components: Record<string, unknown>): Json[] => {
  if (!schema) return [];
  const json = schemaOf(schema, 'input', name, components) as { properties?: Record<string, Json>; required?: string[] };
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([param, s]) => ({
    name: param,
    in: where,
    // OpenAPI requires every path parameter to be required.
    required: where === 'path' || required.has(param),
    schema: s,
    ...(typeof s['description'] === 'string' ? { description: s['description'] } : {}),
  }));
};

const securityOf = (auth: EndpointDef['auth']): Json[] =>
  auth === 'required' ? [{ [BEARER]: [] }] : auth === 'optional' ? [{ [BEARER]: [] }, {}] : auth === 'staff' ? [{ [STAFF_SESSION]: [] }] : [];

const idempotencyHeader: Json = {
  name: IDEMPOTENCY_HEADER,
  in: 'header',
  required: false,
  description:
    'The client’s key for this write: a repeat with the same key and request gets the first answer replayed (header Idempotent-Replayed: true); the same key with another request is 422. Keys are scoped to the signed-in user and kept at least 7 days.',
  schema: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN.source },
};

const operationOf = (name: string, e: EndpointDef, components: Record<string, unknown>): Json => {
  const answer = { 'application/json': { schema: schemaOf(e.response, 'output', `${name}.response`, components) } };
  // A redirecting call's contract schema is its refusal (survey/tap); every other answers 200 with it.
  const responses = e.file
    ? {
        '200': { description: 'The file, streamed', content: Object.fromEntries(e.file.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])) },
        default: { description: 'Refused', content: answer },
      }
    : e.redirects
    ? {
        '302': { description: 'Redirect to the target', headers: { Location: { schema: { type: 'string' } } } },
        default: { description: 'Refused', content: answer },
      }
    : {
        '200': { description: 'OK', content: answer },
        default: {
          description: 'Refused: a 4xx or 5xx with the error answer (result ERROR, code, errorMessage)',
          content: { 'application/json': { schema: { $ref: `#/components/schemas/${ERROR_ANSWER}` } } },
        },
      };
  return {
    operationId: name,
    tags: [e.api === 'staff' ? 'staff' : (e.path.split('/')[1] ?? '')],
    parameters: [
      ...parametersOf(e.params, 'path', `${name}.params`, components),
      ...parametersOf(e.query, 'query', `${name}.query`, components),
      ...(e.idempotent ? [idempotencyHeader] : []),
    ],
    ...(e.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(e.body, 'input', `${name}.body`, components) } } } }
      : {}),
    responses,
    security: securityOf(e.auth),
    // The role's permission the call needs (core/rules/staff.ts); tests enumerate the staff calls by it.
    ...(e.staffAction ? { 'x-staff-action': e.staffAction } : {}),
  };
};

/** The document for these endpoints (those the app registered), in their order. */
export const buildOpenApi = (registered: readonly EndpointDef[]): Json => {
  const nameOf = new Map<EndpointDef, string>(Object.entries(endpoints).map(([n, e]) => [e as EndpointDef, n]));
  const components: Record<string, unknown> = { [ERROR_ANSWER]: schemaOf(errorAnswerSchema, 'output', ERROR_ANSWER, {}) };
  const paths: Record<string, Record<string, Json>> = {};
  for (const e of registered) {
    const name = nameOf.get(e) ?? `${e.method.toLowerCase()}${e.path.replace(/[^A-Za-z0-9]+/g, '_')}`;
    const path = openApiPathOf(`${prefixOf(e).slice(API_ROOT.length)}${e.path}`);
    (paths[path] ??= {})[e.method.toLowerCase()] = operationOf(name, e, components);
  }
  return {
    openapi: '3.1.1',
    info: {
      title: 'さくらフォーム API',
      version: 'v1',
      description:
        'Forms, reservations and lookups for residents (LINE LIFF). Generated from core/contract. Answers are `{ result: "OK", data }` or `{ result: "ERROR", errorMessage, code }`; the user is always the one of the Bearer ID token.',
    },
    servers: [{ url: API_ROOT }],
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        [BEARER]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A LINE Login ID token (or the dev issuer’s, in development).' },
        [STAFF_SESSION]: {
          type: 'apiKey',
          in: 'cookie',
          name: STAFF_COOKIE,
          description: `A staff session (HttpOnly cookie set by ${STAFF_PREFIX}/sign-in); writes also need the console's Origin.`,
        },
      },
    },
  };
};
