/**
 * The calendar reads and the pre-submit reservation check over real HTTP, after importing a
 * bundle's calendar sections; and the import's refusals of broken calendar sections.
 * Fixed 2030 dates test the schedule; rules without dates (starting on the import day) test
 * canBeReserve, which looks at the bookable window from today.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import { engines, startTestServer, type TestServer } from './harness';
import { BundleError, DEMO_BUNDLE_FILE, importBundle, importBundleFile } from '../../server/forms/import';
import { todayInTokyo } from '../../core/ja/date-input';
import { MAX_COUNT_MESSAGE, MAX_COUNT_OF_DAY_MESSAGE } from '../../core/rules/reservation-limits';

const coma = { '1': { start: '09:00', end: '09:30' }, '2': { start: '09:30', end: '10:00' } };
const calendar = (sortKey: string, extra: Record<string, unknown> = {}) => ({ sortKey, calendarOff: 0, comaList: coma, ...extra });

const fixture = (quotaOfSlot1 = 3) => ({
  surveyConfigs: [
    {
      surveyId: 'yoyaku-form',
      surveyTitle: '予約フォーム',
      isAppending: { value: true },
      surveySchema: [
        { itemKey: 'yoyaku', type: 'reservation', title: '予約内容', isRequired: { value: true } },
        { itemKey: 'name', type: 'text', title: 'お名前' },
      ],
    },
  ],
  calendars: [
    // Control type 1: the window ends at the end of next month, so the 2030 slots are not bookable now.
    calendar('cal-a', { calendarName: '内科外来', reservationControlType: 1, reservationPossibleMonths: 1, reservationMaxCount: 3 }),
    calendar('cal-open', { reservationControlType: 0 }),
    calendar('cal-off', { calendarOff: 1 }),
    calendar('cal-full'),
    calendar('cal-empty'),
    calendar('cal-rest'),
  ],
  categoriesTree: [
    {
      id: 'l1',
      name: '内科',
      children: [
        {
          id: 'm1',
          name: '一般内科',
          children: [
            { id: 's1', name: '初診', calendarId: 'cal-a', items: [{ itemId: 'i1', itemName: '初診受付', cost: 1 }] },
            { id: 's2', name: '再診', calendarId: 'cal-a', items: [{ itemId: 'i2', itemName: '再診受付' }] },
          ],
        },
      ],
    },
    {
      id: 'l2',
      name: '健診',
      calendarId: 'cal-open',
      items: [
        { itemId: 'k1', itemName: '基本', cost: 1 },
        { itemId: 'k2', itemName: '基本＋胃がん', cost: 2 },
      ],
    },
  ],
  tagLabels: { tag1: '診療科' },
  displaySettings: { defaultView: 'month' },
  slotRules: [
    { calendarId: 'cal-a', weekdays: [1, 2, 3, 4, 5], slots: { '1': quotaOfSlot1, '2': 2 }, fromDate: '2030-01-01', toDate: '2030-01-31' },
    { calendarId: 'cal-open', weekdays: [1, 2, 3, 4, 5, 6, 7], slots: { '1': 1 }, days: 10 },
    { calendarId: 'cal-off', weekdays: [1, 2, 3, 4, 5, 6, 7], slots: { '1': 1 }, days: 10 },
    { calendarId: 'cal-full', weekdays: [1, 2, 3, 4, 5, 6, 7], slots: { '1': 1, '2': 1 }, days: 10 },
    { calendarId: 'cal-rest', weekdays: [1, 2, 3, 4, 5, 6, 7], slots: { '1': 5 }, days: 10 },
  ],
  // A per-date quota wins over the rule, even on a day off.
  slotQuotas: [{ calendarId: 'cal-a', date: '2030-01-01', slots: { '1': 5 } }],
  dayOffs: [
    { calendarId: 'cal-a', dates: ['2030-01-01'] },
    { calendarId: 'cal-a', weekdays: [6, 7], fromDate: '2030-01-01', toDate: '2030-01-31' },
    { calendarId: 'cal-rest', weekdays: [1, 2, 3, 4, 5, 6, 7], days: 10 },
  ],
});

const thrown = async (p: Promise<unknown>): Promise<BundleError> => {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(BundleError);
    return e as BundleError;
  }
  throw new Error('expected a BundleError');
};

for (const engine of engines()) {
  describe(`calendars (${engine})`, () => {
    let srv: TestServer;
    let token: string;
    let tokenB: string;

    const tableCounts = async () => {
      const db = srv.deps.store.db;
      const n = async (t: 'calendars' | 'categories' | 'reservation_items' | 'slots' | 'day_offs' | 'survey_configs' | 'calendar_settings') =>
        Number((await db.selectFrom(t).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);
      return {
        calendars: await n('calendars'),
        categories: await n('categories'),
        items: await n('reservation_items'),
        slots: await n('slots'),
        dayOffs: await n('day_offs'),
        configs: await n('survey_configs'),
        settings: await n('calendar_settings'),
      };
    };

    beforeAll(async () => {
      srv = await startTestServer(engine);
      const summary = await importBundle(srv.deps.store, fixture(), 'calendars.json');
      expect(summary).toMatchObject({ created: ['yoyaku-form'], calendars: 6 });
      token = await srv.token('U-cal-a');
      tokenB = await srv.token('U-cal-b');
    });
    afterAll(async () => srv?.stop());

    describe('reads', () => {
      it('getCalendars lists every calendar with defaults applied, signed in only', async () => {
        const r = await srv.api('GET', '/calendars/getCalendars', { token });
        expect(r.status).toBe(200);
        expect(r.json.data.map((c: { sortKey: string }) => c.sortKey)).toEqual(['cal-a', 'cal-empty', 'cal-full', 'cal-off', 'cal-open', 'cal-rest']);
        expect(r.json.data[0]).toMatchObject({
          sortKey: 'cal-a',
          calendarName: '内科外来',
          comaList: coma,
          reservationCancelLimit: 1,
          reservationMaxCount: 3,
          reservationMaxCountOfDay: null,
          endDate: '2099-12-31',
        });
        expect((await srv.api('GET', '/calendars/getCalendars')).status).toBe(401);
      });

      it('schedule: quota and reservations per day and slot, days off, comaList — without a token', async () => {
        const r = await srv.api('GET', '/calendars/schedule/cal-a?start_day=2030-01-01&end_day=2030-01-07');
        expect(r.status).toBe(200);
        expect(r.json.data).toEqual({
          schedule: {
            '2030-01-01': { '1': [5, 0], '2': [2, 0] },
            '2030-01-02': { '1': [3, 0], '2': [2, 0] },
            '2030-01-03': { '1': [3, 0], '2': [2, 0] },
            '2030-01-04': { '1': [3, 0], '2': [2, 0] },
            '2030-01-07': { '1': [3, 0], '2': [2, 0] },
          },
          dayOff: { '2030-01-01': 1, '2030-01-05': 1, '2030-01-06': 1 },
          comaList: coma,
        });
        // A category id leads to its calendar, as a reservation value's first part does.
        const byCategory = await srv.api('GET', '/calendars/schedule/s1?start_day=2030-01-01&end_day=2030-01-07', { token });
        expect(byCategory.json.data).toEqual(r.json.data);
        const empty = await srv.api('GET', '/calendars/schedule/cal-a?start_day=2031-01-01&end_day=2031-01-31');
        expect(empty.json.data).toEqual({ schedule: {}, dayOff: {}, comaList: coma });
      });

      it('schedule: 404 for an unknown calendar, 400 for a bad range', async () => {
        const q = (id: string, s: string, e: string) => srv.api('GET', `/calendars/schedule/${id}?start_day=${s}&end_day=${e}`);
        const unknown = await q('nope', '2030-01-01', '2030-01-07');
        expect(unknown.status).toBe(404);
        expect(unknown.json).toMatchObject({ result: 'ERROR', code: 'calendar_not_found' });
        expect((await q('m1', '2030-01-01', '2030-01-07')).status).toBe(404); // a category without a calendar
        for (const [s, e] of [
          ['2030-01-07', '2030-01-01'],
          ['2030-02-30', '2030-03-01'],
          ['2030/01/01', '2030-01-02'],
          ['2030-01-01', '2032-01-01'],
        ] as const) {
          const r = await q('cal-a', s, e);
          expect(r.status, `${s}..${e}`).toBe(400);
          expect(r.json).toMatchObject({ result: 'ERROR', code: 'bad_request' });
        }
        expect((await srv.api('GET', '/calendars/schedule/cal-a?start_day=2030-01-01')).status).toBe(400);
      });

      it('categories_tree nests large → medium → small, in file order', async () => {
        const r = await srv.api('GET', '/calendars/categories_tree');
        expect(r.status).toBe(200);
        expect(r.json.data).toEqual([
          {
            id: 'l1',
            name: '内科',
            calendarId: null,
            children: [
              {
                id: 'm1',
                name: '一般内科',
                calendarId: null,
                children: [
                  { id: 's1', name: '初診', calendarId: 'cal-a', children: [] },
                  { id: 's2', name: '再診', calendarId: 'cal-a', children: [] },
                ],
              },
            ],
          },
          { id: 'l2', name: '健診', calendarId: 'cal-open', children: [] },
        ]);
      });

      it('categories by tags, and one category by id', async () => {
        const ids = async (qs: string) =>
          (await srv.api('GET', `/calendars/categories${qs}`)).json.data.map((c: { sortKey: string }) => c.sortKey);
        expect(await ids('')).toEqual(['l1', 'l2', 'm1', 's1', 's2']);
        expect(await ids(`?tag1=${encodeURIComponent('内科')}`)).toEqual(['l1', 'm1', 's1', 's2']);
        expect(await ids(`?tag1=${encodeURIComponent('内科')}&tag2=${encodeURIComponent('一般内科')}`)).toEqual(['m1', 's1', 's2']);
        expect(await ids(`?tag3=${encodeURIComponent('再診')}`)).toEqual(['s2']);
        expect(await ids(`?tag1=${encodeURIComponent('健診')}&tag2=${encodeURIComponent('一般内科')}`)).toEqual([]);

        const one = await srv.api('GET', '/calendars/categories/s1', { token });
        expect(one.json.data).toEqual({ sortKey: 's1', tag1: '内科', tag2: '一般内科', tag3: '初診', calendarId: 'cal-a' });
        expect((await srv.api('GET', '/calendars/categories/l2', { token })).json.data).toEqual({
          sortKey: 'l2',
          tag1: '健診',
          tag2: null,
          tag3: null,
          calendarId: 'cal-open',
        });
        expect((await srv.api('GET', '/calendars/categories/nope', { token })).status).toBe(404);
        expect((await srv.api('GET', '/calendars/categories/s1')).status).toBe(401);
      });

      it('tag_labels and display_settings: the bundle values over the defaults', async () => {
        expect((await srv.api('GET', '/calendars/tag_labels')).json.data).toEqual({ tag1: '診療科', tag2: null, tag3: null });
        expect((await srv.api('GET', '/calendars/display_settings')).json.data).toEqual({
          defaultView: 'month',
          reservationTimeLabel: null,
          noReservationLabel: null,
          cancelledLabel: null,
        });
      });

      it('info by category id and by calendar id; 404 otherwise', async () => {
        const byCategory = await srv.api('GET', '/calendars/info/s2');
        expect(byCategory.status).toBe(200);
        expect(byCategory.json.data).toMatchObject({ sortKey: 'cal-a', calendarName: '内科外来' });
        expect((await srv.api('GET', '/calendars/info/cal-a', { token })).json.data).toEqual(byCategory.json.data);
        expect((await srv.api('GET', '/calendars/info/l2')).json.data.sortKey).toBe('cal-open');
        expect((await srv.api('GET', '/calendars/info/m1')).status).toBe(404);
        expect((await srv.api('GET', '/calendars/info/nope')).status).toBe(404);
      });

      it('item_info: the items of a category with their cost', async () => {
        expect((await srv.api('GET', '/calendars/item_info/l2')).json.data).toEqual([
          { itemId: 'k1', itemName: '基本', categoryId: 'l2', cost: 1 },
          { itemId: 'k2', itemName: '基本＋胃がん', categoryId: 'l2', cost: 2 },
        ]);
        expect((await srv.api('GET', '/calendars/item_info/s2')).json.data).toEqual([{ itemId: 'i2', itemName: '再診受付', categoryId: 's2', cost: 1 }]);
        expect((await srv.api('GET', '/calendars/item_info/m1')).json.data).toEqual([]);
        expect((await srv.api('GET', '/calendars/item_info/nope')).status).toBe(404);
      });

      it('canBeReserve: true with room in the bookable window; false when off, full, empty, all days off or out of window', async () => {
        const can = async (id: string) => {
          const r = await srv.api('GET', `/calendars/canBeReserve/${id}`);
          expect(r.status, id).toBe(200);
          return r.json.data.canBeReserve as boolean;
        };
        expect(await can('cal-open')).toBe(true);
        expect(await can('l2')).toBe(true);
        expect(await can('cal-off')).toBe(false);
        expect(await can('cal-empty')).toBe(false);
        expect(await can('cal-rest')).toBe(false);
        // Slots in 2030 only, and control type 1 ends the window at the end of next month.
        expect(await can('cal-a')).toBe(false);
        expect(await can('s1')).toBe(false);

        expect(await can('cal-full')).toBe(true);
        await srv.deps.store.write((trx) => trx.updateTable('slots').set({ reserved: 1 }).where('calendar_id', '=', 'cal-full').execute());
        expect(await can('cal-full')).toBe(false);
        // An operator may lower a quota below what is held: still no room.
        await srv.deps.store.write((trx) =>
          trx.updateTable('slots').set({ reserved: 2 }).where('calendar_id', '=', 'cal-full').where('slot', '=', '2').execute(),
        );
        expect(await can('cal-full')).toBe(false);
        // Yesterday's room does not count: the window starts today.
        await srv.deps.store.write((trx) =>
          trx.insertInto('slots').values({ calendar_id: 'cal-full', day: todayInTokyo().subtract({ days: 1 }).toString(), slot: '1', quota: 9, reserved: 0 }).execute(),
        );
        expect(await can('cal-full')).toBe(false);

        expect((await srv.api('GET', '/calendars/canBeReserve/nope')).status).toBe(404);
      });

      it('day-off-count: days off in [fromDate, toDate], both included, by category or calendar id', async () => {
        const count = (qs: string, t: string | null = token) => srv.api('GET', `/calendars/day-off-count?${qs}`, t ? { token: t } : {});
        expect((await count('categoryId=s1&fromDate=2030-01-01&toDate=2030-01-07')).json.data).toEqual({ count: 3 });
        expect((await count('categoryId=cal-a&fromDate=2030-01-02&toDate=2030-01-05')).json.data).toEqual({ count: 1 });
        expect((await count('categoryId=s1&fromDate=2030-01-05&toDate=2030-01-05')).json.data).toEqual({ count: 1 });
        expect((await count('categoryId=s1&fromDate=2030-01-01&toDate=2030-01-31')).json.data).toEqual({ count: 9 });
        expect((await count('categoryId=cal-open&fromDate=2030-01-01&toDate=2030-01-31')).json.data).toEqual({ count: 0 });
        expect((await count('categoryId=nope&fromDate=2030-01-01&toDate=2030-01-07')).status).toBe(404);
        expect((await count('categoryId=s1&fromDate=2030-01-07&toDate=2030-01-01')).status).toBe(400);
        expect((await count('categoryId=s1&fromDate=2030-01-01&toDate=2030-01-07', null)).status).toBe(401);
      });

      it('reservation-payment-products: an empty list until payment exists', async () => {
        const r = await srv.api('GET', '/calendars/reservation-payment-products/s1', { token });
        expect(r.status).toBe(200);
        expect(r.json).toEqual({ result: 'OK', data: [] });
      });
    });

    describe('checkReservation', () => {
      const reserve = (partitionKey: string, userId: string, day: string, surveyId = 'yoyaku-form') =>
        srv.deps.store.write((trx) =>
          trx
            .insertInto('reservations')
            .values({
              partition_key: partitionKey,
              item_key: 'yoyaku',
              survey_id: surveyId,
              user_id: userId,
              calendar_id: 'cal-a',
              category_id: 's1',
              item_id: 'i1',
              day,
              slot: '1',
              cost: 1,
              created_at: new Date().toISOString(),
            })
            .execute(),
        );
      const check = (body: Record<string, unknown>, t: string | null = token) =>
        srv.api('POST', '/survey-results/checkReservation', { ...(t ? { token: t } : {}), body: { surveyId: 'yoyaku-form', itemKey: 'yoyaku', ...body } });

      beforeAll(async () => {
        await reserve('yoyaku-form#U-cal-a#1', 'U-cal-a', '2030-01-02');
        await reserve('yoyaku-form#U-cal-a#2', 'U-cal-a', '2030-01-03');
        await reserve('yoyaku-form#U-cal-b#1', 'U-cal-b', '2030-01-04');
        await reserve('yoyaku-form#U-cal-b#2', 'U-cal-b', '2030-01-04');
        await reserve('other#U-cal-a#1', 'U-cal-a', '2030-01-04', 'other');
      });

      it('OK with room under both limits, and with no limits at all', async () => {
        const ok = await check({ targetDay: '2030-01-04', from: '2030-01-01', to: '2030-01-31', maxCount: 3, maxCountOfDay: 1 });
        expect(ok.status).toBe(200);
        expect(ok.json).toEqual({ result: 'OK' });
        expect((await check({ targetDay: '2030-01-02', maxCount: null, maxCountOfDay: null })).json).toEqual({ result: 'OK' });
        // 0 reads as no limit, like the spec's other operator limits.
        expect((await check({ targetDay: '2030-01-02', maxCount: 0, maxCountOfDay: 0 })).json).toEqual({ result: 'OK' });
      });

      it('the per-day limit: refused with its detail; the amended answer does not count', async () => {
        const r = await check({ targetDay: '2030-01-02', maxCountOfDay: 1, dayCheckOnly: true });
        expect(r.status).toBe(200);
        expect(r.json).toMatchObject({
          result: 'ERROR',
          code: 'reservation_limit',
          errorMessage: MAX_COUNT_OF_DAY_MESSAGE,
          checkDetail: '1日1件まで・予約済み1件',
        });
        expect((await check({ targetDay: '2030-01-02', maxCountOfDay: 1, dayCheckOnly: true, partitionKey: 'yoyaku-form#U-cal-a#1' })).json).toEqual({ result: 'OK' });
        expect((await check({ targetDay: '2030-01-02', maxCountOfDay: 2, dayCheckOnly: true })).json).toEqual({ result: 'OK' });
      });

      it('dayCheckOnly ignores the range limit', async () => {
        expect((await check({ targetDay: '2030-01-10', from: null, to: null, maxCount: 1, maxCountOfDay: 1, dayCheckOnly: true })).json).toEqual({
          result: 'OK',
        });
      });

      it('the range limit counts [from, to] only, this survey only, and not the amended answer', async () => {
        const full = await check({ targetDay: '2030-01-10', from: '2030-01-01', to: '2030-01-31', maxCount: 2 });
        expect(full.json).toMatchObject({ result: 'ERROR', code: 'reservation_limit', errorMessage: MAX_COUNT_MESSAGE, checkDetail: '期間内2件まで・予約済み2件' });
        // One of the two is outside the range; the other survey's reservation on the 4th does not count.
        expect((await check({ targetDay: '2030-01-10', from: '2030-01-03', to: '2030-01-31', maxCount: 2 })).json).toEqual({ result: 'OK' });
        expect((await check({ targetDay: '2030-01-10', from: '2030-01-01', to: '2030-01-31', maxCount: 2, partitionKey: 'yoyaku-form#U-cal-a#2' })).json).toEqual({
          result: 'OK',
        });
        expect((await check({ targetDay: '2030-01-10', from: '2030-01-01', to: '2030-01-31', maxCount: 3 })).json).toEqual({ result: 'OK' });
      });

      it("counts the signed-in user's reservations only, whatever the body's userId", async () => {
        // U-cal-b holds two on the 4th; U-cal-a none there.
        expect((await check({ targetDay: '2030-01-04', maxCountOfDay: 1, dayCheckOnly: true, userId: 'U-cal-b' })).json).toEqual({ result: 'OK' });
        const b = await check({ targetDay: '2030-01-04', maxCountOfDay: 2, dayCheckOnly: true }, tokenB);
        expect(b.json).toMatchObject({ result: 'ERROR', checkDetail: '1日2件まで・予約済み2件' });
        expect((await check({ targetDay: '2030-01-02', maxCountOfDay: 1, dayCheckOnly: true, userId: 'U-cal-a' }, tokenB)).json).toEqual({ result: 'OK' });
      });

      it('refuses an unknown survey (404), a non-reservation item (400), a bad body (400) and no session (401)', async () => {
        expect((await check({ surveyId: 'nope', targetDay: '2030-01-02' })).status).toBe(404);
        const notReservation = await check({ itemKey: 'name', targetDay: '2030-01-02' });
        expect(notReservation.status).toBe(400);
        expect(notReservation.json.issues).toEqual([{ path: 'body.itemKey', message: 'not a reservation item' }]);
        expect((await check({ itemKey: 'nope', targetDay: '2030-01-02' })).status).toBe(400);
        expect((await check({ targetDay: '2030-02-30' })).status).toBe(400);
        expect((await check({ targetDay: '2030-01-02' }, null)).status).toBe(401);
      });
    });

    describe('import', () => {
      it('refuses broken calendar sections whole, listing file, JSON path and reason, writing nothing', async () => {
        const before = await tableCounts();
        const bad = {
          surveyConfigs: [{ surveyId: 'never-written', surveyTitle: '書かれない', surveySchema: [] }],
          calendars: [calendar('cal-new'), calendar('cal-dup'), calendar('cal-dup')],
          categoriesTree: [
            { id: 'x1', name: '一', calendarId: 'cal-nope' },
            {
              id: 'x2',
              name: '二',
              children: [{ id: 'x3', name: '三', children: [{ id: 'x4', name: '四', children: [{ id: 'x5', name: '五' }] }] }],
            },
            { id: 'x1', name: '重複' },
          ],
          slotQuotas: [{ calendarId: 'cal-nope', date: '2030-01-01', slots: { '1': 1 } }],
          slotRules: [{ calendarId: 'cal-a', weekdays: [1], slots: { '9': 1 }, days: 7 }],
          dayOffs: [{ calendarId: 'cal-gone', dates: ['2030-01-01'] }],
        };
        const e = await thrown(importBundle(srv.deps.store, bad, 'bad-cal.json'));
        expect(e.problems).toEqual(
          expect.arrayContaining([
            'bad-cal.json: calendars[2].sortKey: カレンダー cal-dup が重複しています',
            'bad-cal.json: categoriesTree[0].calendarId: カレンダー cal-nope がありません',
            'bad-cal.json: categoriesTree[1].children[0].children[0].children[0]: 分類は3階層までです',
            'bad-cal.json: categoriesTree[2].id: 分類 x1 が重複しています',
            'bad-cal.json: slotQuotas[0].calendarId: カレンダー cal-nope がありません',
            'bad-cal.json: slotRules[0].slots.9: 枠 9 は cal-a の comaList にありません',
            'bad-cal.json: dayOffs[0].calendarId: カレンダー cal-gone がありません',
          ]),
        );
        expect(e.problems).toHaveLength(7);
        expect(await tableCounts()).toEqual(before);
        expect((await srv.api('GET', '/calendars/info/cal-new')).status).toBe(404);
      });

      it('refuses each problem alone too', async () => {
        const before = await tableCounts();
        const alone = async (b: Record<string, unknown>) => (await thrown(importBundle(srv.deps.store, b, 'one.json'))).problems;
        expect(await alone({ categoriesTree: [{ id: 'y', name: 'y', calendarId: 'cal-zz' }] })).toEqual([
          'one.json: categoriesTree[0].calendarId: カレンダー cal-zz がありません',
        ]);
        expect(await alone({ slotQuotas: [{ calendarId: 'cal-a', date: '2030-01-01', slots: { '3': 1 } }] })).toEqual([
          'one.json: slotQuotas[0].slots.3: 枠 3 は cal-a の comaList にありません',
        ]);
        expect(await alone({ calendars: [calendar('cal-q'), calendar('cal-q')] })).toEqual(['one.json: calendars[1].sortKey: カレンダー cal-q が重複しています']);
        // A schema problem (an unknown key in a tree node) names its path too.
        expect(await alone({ categoriesTree: [{ id: 'y', name: 'y', calender: 'cal-a' }] })).toEqual([
          'one.json: categoriesTree[0].calender: unknown key (not part of a bundle)',
        ]);
        expect(await tableCounts()).toEqual(before);
      });

      it('re-import sets the new quota and keeps what is reserved; the same bundle again changes no version', async () => {
        await srv.deps.store.write((trx) =>
          trx.updateTable('slots').set({ reserved: 2 }).where('calendar_id', '=', 'cal-a').where('day', '=', '2030-01-02').where('slot', '=', '1').execute(),
        );
        const version = async () =>
          Number((await srv.deps.store.db.selectFrom('survey_configs').select('version').where('survey_id', '=', 'yoyaku-form').executeTakeFirstOrThrow()).version);
        const before = await tableCounts();
        const summary = await importBundle(srv.deps.store, fixture(1), 'calendars-v2.json');
        expect(summary).toMatchObject({ created: [], updated: [], unchanged: ['yoyaku-form'], calendars: 6 });
        expect(await version()).toBe(1);
        const r = await srv.api('GET', '/calendars/schedule/cal-a?start_day=2030-01-02&end_day=2030-01-03');
        // Lowered below what is held: the slot shows 1 place with 2 reservations, and nothing is lost.
        expect(r.json.data.schedule).toEqual({ '2030-01-02': { '1': [1, 2], '2': [2, 0] }, '2030-01-03': { '1': [1, 0], '2': [2, 0] } });
        expect(await tableCounts()).toEqual(before);
      });
    });
  });
}

for (const engine of engines()) {
  describe(`the demo clinic's calendars (${engine})`, () => {
    let srv: TestServer;
    beforeAll(async () => {
      srv = await startTestServer(engine);
      await importBundleFile(srv.deps.store, DEMO_BUNDLE_FILE);
    });
    afterAll(async () => srv?.stop());

    it('serves the clinic form, its three-level tree, labels and items', async () => {
      const token = await srv.token('U-demo-clinic');
      const cfg = await srv.api('GET', '/survey-configs/getItem?surveyId=clinic-yoyaku', { token });
      expect(cfg.json.data).toMatchObject({ surveyTitle: 'さくら市民クリニック 診療予約', isAppending: { value: true } });
      expect(cfg.json.data.surveySchema.map((i: { itemKey: string; type: string }) => [i.itemKey, i.type])).toEqual([
        ['yoyaku', 'reservation'],
        ['shimei', 'text'],
        ['denwa', 'phone'],
      ]);
      const tree = (await srv.api('GET', '/calendars/categories_tree')).json.data;
      // One tree for every form (spec 02 §7); 予防接種 is the vaccination form's own large category,
      // which the clinic form's item does not offer (core/rules/own-categories.ts, demo-bundle.test.ts).
      expect(tree.map((n: { id: string }) => n.id)).toEqual(['naika', 'kenshin', 'yobou']);
      expect(tree[0].children[0].children.map((n: { id: string; calendarId: string }) => [n.id, n.calendarId])).toEqual([
        ['naika-ippan-shoshin', 'cal-naika'],
        ['naika-ippan-saishin', 'cal-naika'],
      ]);
      expect((await srv.api('GET', '/calendars/tag_labels')).json.data).toEqual({ tag1: '診療科', tag2: '区分', tag3: '受診種別' });
      expect((await srv.api('GET', '/calendars/item_info/kenshin-tokutei-kihon')).json.data.map((i: { cost: number }) => i.cost)).toEqual([1, 2]);
      expect((await srv.api('GET', '/calendars/info/naika-ippan-shoshin')).json.data).toMatchObject({ calendarName: '内科外来', reservationMaxCountOfDay: 1 });
    });

    it('both calendars are bookable from tomorrow, Sundays off at the clinic, weekends off at the health centre', async () => {
      for (const id of ['cal-naika', 'naika-ippan-saishin', 'cal-kenshin']) {
        expect((await srv.api('GET', `/calendars/canBeReserve/${id}`)).json.data.canBeReserve, id).toBe(true);
      }
      const today = todayInTokyo();
      const end = today.add({ days: 13 });
      const naika = (await srv.api('GET', `/calendars/schedule/cal-naika?start_day=${today}&end_day=${end}`)).json.data;
      for (const [day, slots] of Object.entries(naika.schedule as Record<string, Record<string, number[]>>)) {
        expect(Temporal.PlainDate.from(day).dayOfWeek).toBeLessThanOrEqual(6);
        expect(slots).toEqual({ '1': [3, 0], '2': [3, 0], '3': [3, 0], '4': [3, 0] });
      }
      expect(Object.keys(naika.dayOff)).toHaveLength(2);
      const kenshin = (await srv.api('GET', `/calendars/schedule/cal-kenshin?start_day=${today}&end_day=${end}`)).json.data;
      expect(Object.keys(kenshin.schedule)).toHaveLength(4);
      expect(Object.keys(kenshin.dayOff)).toHaveLength(4);
    });

    it('re-importing the demo changes no survey version', async () => {
      const versions = async () => (await srv.deps.store.db.selectFrom('survey_configs').select(['survey_id', 'version']).execute()).map((r) => Number(r.version));
      const summary = await importBundleFile(srv.deps.store, DEMO_BUNDLE_FILE);
      expect(summary.created).toEqual([]);
      expect(summary.updated).toEqual([]);
      expect(new Set(await versions())).toEqual(new Set([1]));
    });
  });
}
