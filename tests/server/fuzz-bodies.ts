/**
 * Generated requests for tests/server/fuzz-input.test.ts: bodies of the right shape carrying
 * hostile values (NUL, lone surrogates, huge strings, deep nesting, wrong types, extra keys, number
 * literals JSON.stringify cannot write), arbitrary JSON, and text that is no JSON at all.
 * A body is a value tree whose Raw leaves are written as they are (serialize), so a body can hold
 * 1e309, -0 or 10,000 levels of nesting that no JSON.stringify would produce.
 */
import fc from 'fast-check';
import { day, value as reservationValue } from './reservation-fixture';

export class Raw {
  constructor(readonly text: string) {}
}

/** JSON text of a value tree, Raw leaves verbatim; JSON.stringify escapes lone surrogates as \udXXX. */
export const serialize = (v: unknown): string => {
  if (v instanceof Raw) return v.text;
  // Indexed by hand: a mutation may have set an array's own `constructor`, which map() would call.
  if (Array.isArray(v)) return `[${Array.from({ length: v.length }, (_, i) => serialize(v[i])).join(',')}]`;
  if (v !== null && typeof v === 'object') return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}:${serialize(x)}`).join(',')}}`;
  return JSON.stringify(v) ?? 'null';
};

export const USER = 'U-fuzz';
export const OTHER = 'U-fuzz-other';

const nameItem = { itemKey: 'name', type: 'text', title: 'お名前' };
const items = [
  nameItem,
  { itemKey: 'memo', type: 'textarea', title: 'ご意見', length: { max: 400 } },
  { itemKey: 'num', type: 'number', title: '人数', range: { min: 1, max: 10 } },
  { itemKey: 'tags', type: 'checkboxes', title: '関心', options: ['子育て', '福祉', '防災', '観光'] },
];
export const fuzzSurveys = [
  { surveyId: 'fz-single', surveyTitle: '一回', surveySchema: items },
  { surveyId: 'fz-append', surveyTitle: '追記', isAppending: { value: true }, surveySchema: items },
  { surveyId: 'fz-pay', surveyTitle: '物品', isAppending: { value: true }, usePayment: 1, surveySchema: [nameItem] },
];
/** Forms answered here, with the item keys each takes (the reservation forms come from reservation-fixture). */
const FORMS: Record<string, string[]> = {
  'fz-single': ['name', 'memo', 'num', 'tags'],
  'fz-append': ['name', 'memo', 'num', 'tags'],
  'fz-pay': ['name'],
  rsv: ['yoyaku', 'name'],
  'rsv-single': ['yoyaku', 'name'],
};
const SURVEY_IDS = Object.keys(FORMS);

const VALID: Record<string, fc.Arbitrary<string>> = {
  name: fc.constantFrom('山田 太郎', 'ヤマダ', 'John', '髙橋　𠮷野', '😀'),
  memo: fc.constantFrom('ごみの出し方について\n質問があります。', 'x'.repeat(400), '', '　'),
  num: fc.constantFrom('1', '5', '10', '007'),
  tags: fc.constantFrom('子育て', '福祉', '防災', '観光'),
  yoyaku: fc.tuple(fc.constantFrom(['naika-b', 'v1'], ['naika-a', 'i1'], ['naika-off', 'x']), fc.integer({ min: 0, max: 22 }), fc.integer({ min: 0, max: 6 })).map(
    ([[category, item], offset, slot]) => reservationValue(category as string, item as string, offset, slot),
  ),
};

/** Any UTF-16 code unit, lone surrogates and NUL included. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n));
const SPECIAL = [
  '\u0000', 'a\u0000b', '\ud800', 'x\udc00y', '\udbff\ud800', '\ud83d\ude00', '\ufffd', '1e309', '-0', 'NaN', 'Infinity', '-1', '1.5',
  '', ' ', '　', '\n', '\t', '%00', '<script>alert(1)</script>', "'; drop table survey_results; --", '#', '##', 'fz-single#U-fuzz',
  `fz-single#${OTHER}`, '0'.repeat(20_001), 'あ'.repeat(20_001), '𠮷'.repeat(10_001), day(3), '2030-02-30', '__proto__', 'constructor',
];
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...SPECIAL) },
  { weight: 2, arbitrary: fc.string({ unit: codeUnit, maxLength: 12 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom('山田', 'a'), fc.constantFrom('\u0000', '\ud800', '\udc00', '\ufffd')).map(([a, b]) => `${a}${b}${a}`) },
);

const nest = (levels: number, kind: 'object' | 'array') =>
  new Raw(kind === 'object' ? `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}` : `${'['.repeat(levels)}${']'.repeat(levels)}`);
export const deep = fc
  .tuple(fc.oneof(fc.integer({ min: 1, max: 40 }), fc.constantFrom(31, 32, 33, 64, 1000, 10_000)), fc.constantFrom('object' as const, 'array' as const))
  .map(([n, kind]) => nest(n, kind));

const rawNumber = fc.constantFrom('1e309', '-1e309', '-0', '0.0', '1e-400', '9007199254740993', '1E2', '-1', '1.5', '100000001').map((t) => new Raw(t));

/** A value where another type, or a hostile one, is expected. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: rawNumber },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null)) },
  { weight: 1, arbitrary: deep },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 3 }) },
);

/** Keys of answers: held by the user (collected as answers are acknowledged), spec-shaped, another's, malformed. */
const partitionKeyOf = (surveyId: string, known: () => string[]) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.nat().map((n) => known().filter((k) => k.startsWith(`${surveyId}#`))[n % 8] ?? `${surveyId}#${USER}`) },
    { weight: 2, arbitrary: fc.constant(`${surveyId}#${USER}`) },
    { weight: 2, arbitrary: fc.integer({ min: 1, max: 1_000_000 }).map((n) => `${surveyId}#${USER}#${Date.now() - 60_000 - n}`) },
    { weight: 1, arbitrary: fc.constant(`${surveyId}#${OTHER}`) },
    { weight: 1, arbitrary: hostileString },
  );

const validOrder = {
  serviceSortKey: 's1',
  serviceId: 'svc',
  serviceName: '検診',
  details: [{ detailId: 1, productId: 'p1', productName: '問診票', price: 500, count: 2, tax: 0, amount: 1000, amountWithTax: 1000, taxableType: 1 }],
  tax: 0,
  amount: 1000,
  amountWithTax: 1000,
  taxRate: 10,
  calculationType: 0,
  roundingType: 0,
  taxType: 0,
  reservationCostType: 0,
  selectedPayType: 1,
};

/** The arbitrary's value in `percent` of the cases, else null. */
const sometimes = <T>(arb: fc.Arbitrary<T>, percent: number) =>
  fc.oneof({ weight: percent, arbitrary: arb }, { weight: 100 - percent, arbitrary: fc.constant(null) });

/** A body the contract and the form would take (limits, quotas and keys may still refuse it). */
const cleanPutItem = (surveyId: string, known: () => string[]) => {
  const keys = FORMS[surveyId] as string[];
  const rowsOf = fc.subarray(keys, { minLength: 1 }).chain((chosen) =>
    fc.tuple(
      ...chosen.map((itemKey) =>
        itemKey === 'tags'
          ? fc.subarray(['子育て', '福祉', '防災', '観光'], { minLength: 1 }).map((vs) => vs.map((value) => ({ itemKey, value })))
          : (VALID[itemKey] as fc.Arbitrary<string>).map((value) => [{ itemKey, value }]),
      ),
    ),
  );
  return fc
    .record({
      rows: rowsOf.map((lists) => lists.flat()),
      withReservation: VALID['yoyaku'] as fc.Arbitrary<string>,
      partitionKey: sometimes(partitionKeyOf(surveyId, known), 40),
      userId: fc.boolean(),
      subData: sometimes(fc.constant([{ surveyId, itemKey: 'memo', value: 'メモ', title: 'メモ' }]), 25),
      order: sometimes(fc.constant(validOrder), 50),
      amend: sometimes(partitionKeyOf(surveyId, known), 15),
    })
    .map(({ rows, withReservation, partitionKey, userId, subData, order, amend }) => {
      const all = keys.includes('yoyaku') && !rows.some((r) => r.itemKey === 'yoyaku') ? [{ itemKey: 'yoyaku', value: withReservation }, ...rows] : rows;
      return {
        data: all.map((r) => ({ surveyId, ...r, ...(partitionKey ? { partitionKey } : {}), ...(userId ? { userId: USER } : {}) })),
        ...(subData ? { subData } : {}),
        ...(order && surveyId === 'fz-pay' ? { order } : {}),
        ...(amend ? { surveyId, items: [{ partitionKey: amend }], checkStatus: '取り消し' } : {}),
      };
    });
};

/** One change to a body: a value replaced by a hostile one, a key added, or a key removed. */
const mutation = fc.record({ at: fc.nat(), kind: fc.constantFrom('replace', 'replace', 'replace', 'add', 'remove'), value: hostileValue, key: fc.oneof(hostileString, fc.constantFrom('__proto__', 'extra', 'order', 'items')) });
type Mutation = typeof mutation extends fc.Arbitrary<infer M> ? M : never;

const mutate = (body: unknown, changes: Mutation[]): unknown => {
  const copy = structuredClone(body);
  for (const change of changes) {
    const spots: [Record<string, unknown>, string][] = [];
    const stack: unknown[] = [copy];
    while (stack.length > 0) {
      const node = stack.pop();
      if (node === null || typeof node !== 'object' || node instanceof Raw) continue;
      for (const [k, v] of Object.entries(node)) {
        spots.push([node as Record<string, unknown>, k]);
        stack.push(v);
      }
    }
    const [parent, key] = spots[change.at % Math.max(1, spots.length)] ?? [copy as Record<string, unknown>, 'data'];
    if (change.kind === 'replace') parent[key] = change.value;
    else if (change.kind === 'remove') delete parent[key];
    else Object.defineProperty(parent, change.key, { value: change.value, enumerable: true, configurable: true, writable: true });
  }
  return copy;
};

/** Text that is not JSON, or is JSON of no use. */
const junk = fc.oneof(
  fc.string({ maxLength: 40 }).map((t) => new Raw(t)),
  fc.constantFrom('', ' ', '{', '{"data":', 'null', '[]', '"x"', '{"data":[{"value":"\\u0000"', '\u0000', 'NaN', '{"a":1}{"a":2}').map((t) => new Raw(t)),
  fc.jsonValue({ maxDepth: 4 }),
  deep,
);

/** A body of the contract's shape, sent as it is (weight `clean`) or with one to three hostile changes; else junk. */
const shaped = (clean: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 4, arbitrary: clean },
    { weight: 5, arbitrary: fc.tuple(clean, fc.array(mutation, { minLength: 1, maxLength: 3 })).map(([b, m]) => mutate(b, m)) },
    { weight: 1, arbitrary: junk },
  );

/** A putItem body. */
export const putItemBody = (known: () => string[]): fc.Arbitrary<unknown> =>
  shaped(fc.constantFrom(...SURVEY_IDS).chain((surveyId) => cleanPutItem(surveyId, known)));

/** A held answer's key, with its surveyId. */
const heldKey = (known: () => string[]) =>
  fc.nat().map((n) => {
    const keys = known();
    const key = keys[n % Math.max(1, keys.length)] ?? `fz-single#${USER}`;
    return { surveyId: key.split('#')[0] as string, partitionKey: key };
  });

/** A cancelItem body: mostly of an answer held, else of any key. */
export const cancelBody = (known: () => string[]): fc.Arbitrary<unknown> =>
  shaped(
    fc
      .tuple(
        fc.oneof(
          { weight: 2, arbitrary: heldKey(known) },
          { weight: 1, arbitrary: fc.constantFrom(...SURVEY_IDS).chain((surveyId) => partitionKeyOf(surveyId, known).map((partitionKey) => ({ surveyId, partitionKey }))) },
        ),
        sometimes(fc.constantFrom(USER, OTHER), 30),
      )
      .map(([b, userId]) => (userId ? { ...b, userId } : b)),
  );

/** Percent-encodes any text, a lone surrogate as the bytes it would have in WTF-8 (no URL can carry it otherwise). */
export const encodeAny = (text: string): string =>
  text.replace(/[\s\S]/gu, (ch) => {
    const code = ch.charCodeAt(0);
    if (ch.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    }
    return encodeURIComponent(ch);
  });

const ids = fc.oneof({ weight: 3, arbitrary: fc.constantFrom('cal-a', 'cal-b', 'naika-b', 'naika', 'cal-off', 'nope', '0') }, { weight: 2, arbitrary: hostileString });
const dates = fc.oneof({ weight: 3, arbitrary: fc.integer({ min: -3, max: 40 }).map(day) }, { weight: 2, arbitrary: hostileString });
/** Raw URL pieces too: a stray %, a bare %zz, an encoded slash. */
const piece = (text: fc.Arbitrary<string>) =>
  fc.oneof({ weight: 6, arbitrary: text.map(encodeAny) }, { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%FF', '%ED%A0%80', '%2F', '%00', '..', '%C0%80') });

/** A calendar read: its path with query, and whether it is sent signed in. */
export const calendarRead: fc.Arbitrary<{ path: string; signedIn: boolean }> = fc
  .tuple(
    fc.constantFrom('schedule', 'categories', 'categories/:id', 'info', 'canBeReserve', 'item_info', 'day-off-count', 'categories_tree', 'tag_labels', 'display_settings', 'getCalendars'),
    piece(ids),
    piece(dates),
    piece(dates),
    sometimes(fc.tuple(piece(hostileString), piece(hostileString)), 25),
    fc.boolean(),
  )
  .map(([call, id, from, to, stray, signedIn]) => {
    const extra = stray ? `&${stray[0]}=${stray[1]}` : '';
    const path = {
      schedule: `/calendars/schedule/${id}?start_day=${from}&end_day=${to}`,
      categories: `/calendars/categories?tag1=${from}&tag2=${id}`,
      'categories/:id': `/calendars/categories/${id}?`,
      info: `/calendars/info/${id}?`,
      canBeReserve: `/calendars/canBeReserve/${id}?`,
      item_info: `/calendars/item_info/${id}?`,
      'day-off-count': `/calendars/day-off-count?categoryId=${id}&fromDate=${from}&toDate=${to}`,
      categories_tree: '/calendars/categories_tree?',
      tag_labels: '/calendars/tag_labels?',
      display_settings: '/calendars/display_settings?',
      getCalendars: '/calendars/getCalendars?',
    }[call];
    return { path: `${path}${extra}`, signedIn };
  });
