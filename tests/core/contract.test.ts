import { describe, it, expect } from 'vitest';
import * as z from 'zod/mini';
import { API_PREFIX, type EndpointDef } from '@core/contract/define';
import {
  endpoints,
  type EndpointName,
  calendarSchema,
  categoryNodeSchema,
  checkReservationBodySchema,
  reservationValueSchema,
  scheduleSchema,
  secureFileNameProblem,
  paymentOrderSchema,
} from '@core/contract';
import * as survey from '@core/contract/survey';

const table = Object.entries(endpoints) as [EndpointName, EndpointDef][];

/**
 * The kiosk's enrolment spends a one-time code: there is no signed-in user to scope a key to, and
 * a stored replay would hand the credential out again.
 */
const UNKEYED_WRITES = new Set<EndpointName>(['kioskEnrol']);

/** The staff writes keyed as a resident's are: a refund (server/http.ts staffCall). */
const KEYED_STAFF_WRITES = new Set<EndpointName>(['staffPaymentRefund']);

/** POSTs that only read: no state changes, so the outbox never queues them. */
const READ_POSTS = new Set<EndpointName>([
  'surveyConfigsList',
  'surveyResultsQuery',
  'surveyResultsFilterQuery',
  'surveyResultsCheckReservation',
  'paymentResultsList',
  'paymentResultsGetPaymentResults',
  'memberResultsQuery',
  'memberResultsFilterQuery',
  'surveyResultsDownloadSecureFile',
  'surveyResourcesPresignedUrls',
  'surveyResourcesSecureFileStatus',
  'surveyResultsPlaceGoogle',
]);

const pathParams = (path: string): string[] => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] as string);

interface Def {
  type: string;
  [k: string]: unknown;
}
const defOf = (s: unknown): Def => (s as { _zod: { def: Def } })._zod.def;
const hasMax = (def: Def): boolean =>
  ((def.checks ?? []) as { _zod: { def: { check: string } } }[]).some((c) => c._zod.def.check === 'max_length');

/** Paths (within a request schema) of strings and arrays with no upper bound, and of unknowns. */
const unbounded = (schema: unknown, at: string, out: string[] = [], seen = new Set<unknown>()): string[] => {
  if (seen.has(schema)) return out;
  seen.add(schema);
  const def = defOf(schema);
  const walk = (s: unknown, p: string) => unbounded(s, p, out, seen);
  switch (def.type) {
    case 'string':
      if (!hasMax(def)) out.push(at);
      break;
    case 'array':
      if (!hasMax(def)) out.push(at);
      walk(def.element, `${at}[]`);
      break;
    case 'object':
      for (const [k, v] of Object.entries(def.shape as Record<string, unknown>)) walk(v, `${at}.${k}`);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      walk(def.innerType, at);
      break;
    case 'union':
      (def.options as unknown[]).forEach((o) => walk(o, at));
      break;
    case 'pipe':
      walk(def.in, at);
      walk(def.out, at);
      break;
    case 'record':
      walk(def.keyType, `${at}{key}`);
      walk(def.valueType, `${at}{}`);
      break;
    case 'tuple':
      (def.items as unknown[]).forEach((s, i) => walk(s, `${at}[${i}]`));
      break;
    case 'lazy':
      walk((def.getter as () => unknown)(), at);
      break;
    case 'unknown':
    case 'any':
      out.push(at);
      break;
    default:
      break;
  }
  return out;
};

const surveyEndpoints = new Set<unknown>(Object.values(survey));
const MB = 'x'.repeat(1024 * 1024);

describe('endpoint table', () => {
  it('has every endpoint of spec 02 §7 beside spec 01', () => {
    expect(table.length).toBeGreaterThanOrEqual(60);
  });

  it.each(table)('%s has a path under the prefix', (_, e) => {
    expect(e.path.startsWith('/')).toBe(true);
    expect(e.path.startsWith(API_PREFIX)).toBe(false);
  });

  it('never gives two endpoints the same method and path', () => {
    const seen = new Map<string, string>();
    for (const [name, e] of table) {
      const key = `${e.method} ${e.path}`;
      expect(seen.get(key), `${name} repeats ${seen.get(key)}`).toBeUndefined();
      seen.set(key, name);
    }
  });

  it('marks every state-changing write idempotent and no read', () => {
    for (const name of READ_POSTS) expect(endpoints[name].method).toBe('POST');
    for (const [name, e] of table) {
      // The staff console is online and audits each write in its transaction: no outbox, no keys,
      // but for its writes that give money back, which must not happen twice.
      const writes = e.method !== 'GET' && !READ_POSTS.has(name) && !UNKEYED_WRITES.has(name) && (e.api !== 'staff' || KEYED_STAFF_WRITES.has(name));
      expect(e.idempotent === true, `${name} ${e.method} ${e.path}`).toBe(writes);
    }
  });

  it.each(table)('%s declares exactly its path parameters', (_, e) => {
    const names = pathParams(e.path);
    if (names.length === 0) {
      expect(e.params).toBeUndefined();
      return;
    }
    expect(e.params).toBeInstanceOf(z.ZodMiniObject);
    expect(Object.keys((e.params as z.ZodMiniObject).shape).sort()).toEqual([...names].sort());
  });

  it('sends no body with a GET', () => {
    for (const [name, e] of table) if (e.method === 'GET') expect(e.body, name).toBeUndefined();
  });

  it('lists a static path before a parameter path of the same method that would swallow it', () => {
    const swallows = (pattern: string, path: string): boolean => {
      const a = pattern.split('/');
      const b = path.split('/');
      return a.length === b.length && a.every((seg, i) => seg.startsWith(':') || seg === b[i]);
    };
    table.forEach(([name, e], i) => {
      table.forEach(([other, o], j) => {
        if (i === j || e.method !== o.method || !o.path.includes(':') || e.path.includes(':')) return;
        if (swallows(o.path, e.path)) expect(i < j, `${name} must come before ${other}`).toBe(true);
      });
    });
  });

  it('bounds every string and array a client sends (spec 02 endpoints)', () => {
    // A form's whole config, which the handler checks with the importer's validation
    // (server/forms/survey-check.ts) so each problem comes back at its field (form_invalid).
    const checkedWhole = new Set(['staffFormSave.body.config']);
    const offenders: string[] = [];
    for (const [name, e] of table) {
      if (surveyEndpoints.has(e)) continue;
      for (const part of ['params', 'query', 'body'] as const) if (e[part]) unbounded(e[part], `${name}.${part}`, offenders);
    }
    expect(offenders.filter((o) => !checkedWhole.has(o))).toEqual([]);
  });

  it('refuses a 1 MB string', () => {
    expect(endpoints.calendarsCategories.query.safeParse({ tag1: MB }).success).toBe(false);
    expect(endpoints.calendarsInfo.params.safeParse({ id: MB }).success).toBe(false);
    const body = { surveyId: 's', itemKey: 'k', targetDay: '2024-05-01', partitionKey: MB };
    expect(endpoints.surveyResultsCheckReservation.body.safeParse(body).success).toBe(false);
    expect(endpoints.surveySearches.query.safeParse({ itemKey: 'k', surveyId: 's', condition1: MB }).success).toBe(false);
  });
});

describe('calendars', () => {
  const schedule = {
    schedule: { '2024-05-01': { '1': [5, 2], '2': [5, 5] }, '2024-05-02': {} },
    dayOff: { '2024-05-01': 0, '2024-05-02': 1 },
    comaList: { '1': { start: '09:00', end: '10:00' }, '2': { start: '10:00', end: '11:00' } },
  };

  it('parses a schedule answer', () => {
    const r = endpoints.calendarsSchedule.response.parse({ result: 'OK', data: schedule });
    expect(r).toMatchObject({ result: 'OK', data: { schedule: { '2024-05-01': { '1': [5, 2] } } } });
  });

  it('refuses a malformed schedule', () => {
    expect(scheduleSchema.safeParse({ ...schedule, schedule: { '2024/05/01': {} } }).success).toBe(false);
    expect(scheduleSchema.safeParse({ ...schedule, schedule: { '2024-02-30': {} } }).success).toBe(false);
    expect(scheduleSchema.safeParse({ ...schedule, schedule: { '2024-05-01': { '1': [5] } } }).success).toBe(false);
    expect(scheduleSchema.safeParse({ ...schedule, dayOff: { '2024-05-01': 2 } }).success).toBe(false);
    expect(scheduleSchema.safeParse({ ...schedule, comaList: { '1': { start: '09:00' } } }).success).toBe(false);
  });

  it('accepts a schedule range and refuses a reversed, impossible or oversize one', () => {
    const q = endpoints.calendarsSchedule.query;
    expect(q.safeParse({ start_day: '2024-05-01', end_day: '2024-05-07' }).success).toBe(true);
    expect(q.safeParse({ start_day: '2024-05-07', end_day: '2024-05-01' }).success).toBe(false);
    expect(q.safeParse({ start_day: '2024-02-30', end_day: '2024-03-07' }).success).toBe(false);
    expect(q.safeParse({ start_day: '2000-01-01', end_day: '2099-12-31' }).success).toBe(false);
    expect(q.safeParse({ start_day: 'x', end_day: '2024-05-01' }).success).toBe(false);
  });

  it('fills the spec defaults of a calendar', () => {
    const c = calendarSchema.parse({ sortKey: 'cal-1', calendarOff: 0, comaList: {} });
    expect(c).toMatchObject({ reservationCancelLimit: 1, endDate: '2099-12-31', reservationControlType: 0 });
    expect(calendarSchema.safeParse({ sortKey: 'c', calendarOff: 2, comaList: {} }).success).toBe(false);
  });

  it('parses a nested category tree', () => {
    const tree = { id: 'a', name: '大', calendarId: null, children: [{ id: 'b', name: '小', calendarId: 'cal', children: [] }] };
    expect(categoryNodeSchema.parse(tree)).toEqual(tree);
    expect(categoryNodeSchema.safeParse({ ...tree, children: [{ id: 'b' }] }).success).toBe(false);
  });

  it('knows a reservation value', () => {
    expect(reservationValueSchema.safeParse('cat_01_item9|2024-05-01|2').success).toBe(true);
    expect(reservationValueSchema.safeParse('cat|2024-05-01|2').success).toBe(false);
    expect(reservationValueSchema.safeParse('cat_item|2024-5-1|2').success).toBe(false);
  });

  it('parses a reservation check and keeps the refusal detail', () => {
    const body = checkReservationBodySchema.parse({
      surveyId: 's1',
      itemKey: 'reserve',
      userId: 'U1',
      from: '2024-05-01',
      to: '2024-06-30',
      targetDay: '2024-05-10',
      maxCount: 2,
      maxCountOfDay: 1,
      partitionKey: 's1#U1',
    });
    expect(body.dayCheckOnly).toBe(false);
    expect(checkReservationBodySchema.safeParse({ ...body, targetDay: '2024-13-01' }).success).toBe(false);
    expect(checkReservationBodySchema.safeParse({ ...body, maxCount: -1 }).success).toBe(false);

    const answer = endpoints.surveyResultsCheckReservation.response;
    expect(answer.parse({ result: 'OK' })).toEqual({ result: 'OK' });
    const refused = answer.parse({ result: 'ERROR', errorMessage: '予約上限です', checkDetail: 'maxCountOfDay' });
    expect(refused).toMatchObject({ result: 'ERROR', checkDetail: 'maxCountOfDay' });
  });

  it('checks the day-off count query', () => {
    const q = endpoints.calendarsDayOffCount.query;
    expect(q.safeParse({ categoryId: 'c', fromDate: '2024-05-01', toDate: '2024-05-15' }).success).toBe(true);
    expect(q.safeParse({ fromDate: '2024-05-01', toDate: '2024-05-15' }).success).toBe(false);
  });
});

describe('payment', () => {
  const detail = {
    detailId: 1,
    productId: 'p1',
    productName: '診察',
    price: 1000,
    tax: 100,
    amount: 1000,
    amountWithTax: 1100,
    taxableType: 0,
  };
  const order = {
    serviceSortKey: 'svc#1',
    serviceId: 'svc1',
    serviceName: '窓口',
    details: [detail],
    tax: 100,
    amount: 1000,
    amountWithTax: 1100,
    taxRate: 10,
    calculationType: 0,
    roundingType: 0,
    taxType: 0,
    reservationCostType: 0,
    selectedPayType: 0,
  };

  it('parses a new order with default count and no status', () => {
    const o = paymentOrderSchema.parse(order);
    expect(o.details[0]?.count).toBe(1);
    expect(o.status).toBeUndefined();
  });

  it('refuses values outside the enumerations', () => {
    expect(paymentOrderSchema.safeParse({ ...order, status: 5 }).success).toBe(false);
    expect(paymentOrderSchema.safeParse({ ...order, roundingType: 3 }).success).toBe(false);
    expect(paymentOrderSchema.safeParse({ ...order, payMethod: 'bitcoin' }).success).toBe(false);
    expect(paymentOrderSchema.safeParse({ ...order, details: [] }).success).toBe(false);
    expect(paymentOrderSchema.safeParse({ ...order, details: [{ ...detail, count: 0 }] }).success).toBe(false);
  });

  it('answers the temporary save with an order id', () => {
    const answer = endpoints.surveyResultsTemporary.response;
    expect(answer.parse({ code: 'success', orderId: 'o1' })).toEqual({ code: 'success', orderId: 'o1' });
    expect(answer.safeParse({ code: 'success' }).success).toBe(false);
  });

  it('reads include_products from the query string', () => {
    expect(endpoints.paymentConfigsService.query.parse({ include_products: 'true' })).toEqual({ include_products: true });
  });
});

describe('bed, member, files, searches', () => {
  it('requires the changed answer on a bed PUT', () => {
    const row = { surveyId: 's', itemKey: 'name', value: '山田' };
    expect(endpoints.bedReservationCreate.body.safeParse({ data: [row] }).success).toBe(true);
    expect(endpoints.bedReservationUpdate.body.safeParse({ data: [row] }).success).toBe(false);
    expect(endpoints.bedReservationUpdate.body.safeParse({ data: [{ ...row, partitionKey: 's#U1' }] }).success).toBe(true);
  });

  it('answers the member number check with a flag', () => {
    const q = endpoints.memberResultsCheckSaibanExist.query;
    expect(q.safeParse({ memberSurveyId: 'm', saiban: '0001234' }).success).toBe(true);
    expect(q.safeParse({ memberSurveyId: 'm', saiban: '０００１' }).success).toBe(false);
    expect(q.safeParse({ memberSurveyId: 'm', saiban: '123456789012' }).success).toBe(false);
    const answer = endpoints.memberResultsCheckSaibanExistForUpdate.response;
    expect(answer.parse({ result: 'OK', saibanExistFlag: true })).toEqual({ result: 'OK', saibanExistFlag: true });
  });

  it('applies the secure file name rules', () => {
    expect(secureFileNameProblem('診断書.pdf')).toBeNull();
    expect(secureFileNameProblem('a'.repeat(27) + '.pdf')).toBe('nameTooLong');
    expect(secureFileNameProblem('report')).toBe('extensionCount');
    expect(secureFileNameProblem('a.b.pdf')).toBe('extensionCount');
    expect(secureFileNameProblem('a.pdf ')).toBe('trailingDotOrSpace');
    expect(secureFileNameProblem('a?b.pdf')).toBe('forbiddenChars');
    expect(secureFileNameProblem('com1.png')).toBe('reservedName');
    expect(secureFileNameProblem('a.exe')).toBe('extension');

    const body = endpoints.surveyResourcesSecureFiles.body;
    const file = { name: 'scan.PDF', contentType: 'application/pdf', size: 1000, itemKey: 'file' };
    expect(body.safeParse({ files: [file] }).success).toBe(true);
    expect(body.safeParse({ files: [{ ...file, contentType: 'image/png' }] }).success).toBe(false);
    expect(body.safeParse({ files: [{ ...file, size: 50 * 1024 * 1024 + 1 }] }).success).toBe(false);
    expect(body.safeParse({ files: [file, file, file, file] }).success).toBe(false);
  });

  it('only signs uploads under answers/', () => {
    const q = endpoints.surveyResourcesPresignedUrl.query;
    const key = 'answers/0b1f5d3e-8a4c-4c1e-9f0a-2b3c4d5e6f70';
    expect(q.safeParse({ key, contentType: 'image/png' }).success).toBe(true);
    expect(q.safeParse({ key: 'secure/../x', contentType: 'image/png' }).success).toBe(false);
    expect(q.safeParse({ key, contentType: 'text/html' }).success).toBe(false);
  });

  it('pages search options ten at a time by default, at most a hundred', () => {
    const q = endpoints.surveySearches.query;
    expect(q.parse({ itemKey: 'k', surveyId: 's' }).limit).toBe(10);
    expect(q.parse({ itemKey: 'k', surveyId: 's', limit: '25' }).limit).toBe(25);
    expect(q.safeParse({ itemKey: 'k', surveyId: 's', limit: '101' }).success).toBe(false);
    const page = endpoints.surveySearches.response.parse({ result: 'OK', data: { items: ['a'], lastEvaluatedKey: null } });
    expect(page).toMatchObject({ data: { lastEvaluatedKey: null } });
  });
});
