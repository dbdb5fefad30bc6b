/**
 * The console's members (server/routes/staff-members.ts) on both engines: member forms within
 * reach with their counts, the search by member number, name and phone read as the lookup reads
 * them, paging by cursor, one record with the resident's linked answers, team checks and the
 * audit rows of each read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from './harness';
import { giveTeam, makeStaff, signIn, staffFetch } from './staff-fixture';
import { importBundle } from '../../server/forms/import';
import { todayInTokyo } from '@core/ja/date-input';

const item = (itemKey: string, type: string, extra: Record<string, unknown> = {}) => ({ itemKey, type, title: itemKey, ...extra });
const searchable = { isSearchable: { value: true } };

const day = todayInTokyo().add({ days: 5 }).toString();
const bundle = {
  surveyConfigs: [
    { surveyId: 'kenshin', surveyTitle: '会員向け健診', memberFormId: 'kaiin', surveySchema: [item('memo', 'text')] },
    { surveyId: 'kaiin-yoyaku', surveyTitle: '会員予約', memberFormId: 'kaiin', surveySchema: [item('yoyaku', 'reservation')] },
  ],
  calendars: [{ sortKey: 'cal-k', calendarName: '会員外来', calendarOff: 0, comaList: { '1': { start: '09:00', end: '09:30' } } }],
  categoriesTree: [{ id: 'k', name: '健診', children: [{ id: 'k-a', name: '特定健診', calendarId: 'cal-k', items: [{ itemId: 'i1', itemName: '受付', cost: 1 }] }] }],
  slotQuotas: [{ calendarId: 'cal-k', date: day, slots: { '1': 5 } }],
  memberConfigs: [
    {
      surveyId: 'kaiin',
      surveyTitle: '会員登録',
      memberSurveySubId: '12',
      linkedForms: ['kenshin', 'kaiin-yoyaku'],
      surveySchema: [item('no', 'memberNumber', { isAutomaticNumbering: true }), item('name', 'text', searchable), item('tel', 'phone', searchable)],
    },
    { surveyId: 'other-kaiin', surveyTitle: '別の会員', linkedForms: [], surveySchema: [item('name', 'text')] },
  ],
};

describe.each(engines())('console members (%s)', (engine) => {
  let srv: TestServer;
  let cookie: string;
  const numbers = new Map<string, string>();

  const register = async (userId: string, name: string, tel: string) => {
    const r = await srv.api('POST', '/member-results/putItem', {
      token: await srv.token(userId),
      body: [
        { surveyId: 'kaiin', itemKey: 'name', value: name },
        { surveyId: 'kaiin', itemKey: 'tel', value: tel },
      ],
    });
    expect(r.status, r.text).toBe(200);
    numbers.set(userId, r.json.data.find((x: { itemKey: string }) => x.itemKey === 'no').value as string);
  };

  beforeAll(async () => {
    srv = await startTestServer(engine);
    await importBundle(srv.deps.store, bundle, 'fixture');
    await giveTeam(srv.deps.store, '会員係', 'survey', ['kaiin']);
    await register('U-yamada', '山田 花子', '09012345678');
    await register('U-suzuki', 'スズキ タロウ', '08011112222');
    for (let i = 0; i < 55; i++) await register(`U-m${String(i).padStart(2, '0')}`, `会員 ${i}`, `0801000${String(i).padStart(4, '0')}`);
    const kenshin = await srv.api('POST', '/survey-results/putItem', { token: await srv.token('U-yamada'), body: { data: [{ surveyId: 'kenshin', itemKey: 'memo', value: '健診希望' }] } });
    expect(kenshin.status, kenshin.text).toBe(200);
    const booked = await srv.api('POST', '/survey-results/putItem', { token: await srv.token('U-yamada'), body: { data: [{ surveyId: 'kaiin-yoyaku', itemKey: 'yoyaku', value: `k-a_i1|${day}|1` }] } });
    expect(booked.status, booked.text).toBe(200);
    cookie = await signIn(srv, await makeStaff(srv.deps.store, { role: 'operator', teams: ['会員係'] }));
  });
  afterAll(async () => srv?.stop());

  it('lists the member forms of the person’s teams with their counts', async () => {
    const res = await staffFetch(srv, 'GET', '/member-forms', { cookie });
    expect(res.json.data.forms).toEqual([{ surveyId: 'kaiin', title: '会員登録', teams: ['会員係'], members: 57 }]);
  });

  it('finds a member by number (as typed in any width, grouped or not), by name and by phone with +81', async () => {
    const no = numbers.get('U-yamada') as string;
    const grouped = `${no.slice(0, 4)}-${no.slice(4)}`;
    const wide = no.replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0));
    expect((await staffFetch(srv, 'GET', '/member-forms/kaiin/members?q=%E7%94%B0%E4%B8%AD', { cookie })).json.data.members).toEqual([]);
    for (const q of [no, grouped, wide, '山田', '+81 90-1234-5678']) {
      const res = await staffFetch(srv, 'GET', `/member-forms/kaiin/members?q=${encodeURIComponent(q)}`, { cookie });
      expect(res.status).toBe(200);
      expect(res.json.data.members.map((m: { userId: string }) => m.userId), q).toEqual(['U-yamada']);
    }
    // Half-width katakana reads as full-width.
    const kana = (await staffFetch(srv, 'GET', `/member-forms/kaiin/members?q=${encodeURIComponent('ｽｽﾞｷ')}`, { cookie })).json.data;
    expect(kana.members).toHaveLength(1);
    expect(kana.members[0]).toMatchObject({ userId: 'U-suzuki', memberNumber: `${(numbers.get('U-suzuki') as string).slice(0, 4)}-${(numbers.get('U-suzuki') as string).slice(4)}` });
    expect(kana.columns).toEqual([
      { itemKey: 'name', title: 'name' },
      { itemKey: 'tel', title: 'tel' },
    ]);
  });

  it('pages by cursor: every member once', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const res = await staffFetch(srv, 'GET', `/member-forms/kaiin/members${after ? `?after=${encodeURIComponent(after)}` : ''}`, { cookie });
      seen.push(...res.json.data.members.map((m: { partitionKey: string }) => m.partitionKey));
      after = res.json.data.next;
    } while (after);
    expect(seen).toHaveLength(57);
    expect(new Set(seen).size).toBe(57);
  });

  it('shows one record with the resident’s answers on the linked forms, and audits each read', async () => {
    const list = (await staffFetch(srv, 'GET', '/member-forms/kaiin/members?q=山田', { cookie })).json.data.members;
    const key = list[0].partitionKey as string;
    const res = await staffFetch(srv, 'GET', `/member-forms/kaiin/members/${encodeURIComponent(key)}`, { cookie });
    expect(res.status).toBe(200);
    expect(res.json.data.title).toBe('会員登録');
    const no = numbers.get('U-yamada') as string;
    expect(res.json.data.items).toEqual([
      { itemKey: 'no', title: 'no', value: `${no.slice(0, 4)}-${no.slice(4)}` },
      { itemKey: 'name', title: 'name', value: '山田 花子' },
      { itemKey: 'tel', title: 'tel', value: '09012345678' },
    ]);
    // Newest first; the booking with the day, time and categories it holds.
    expect(res.json.data.linked).toEqual([
      expect.objectContaining({ surveyId: 'kaiin-yoyaku', title: '会員予約', status: '未対応', reservation: { day, time: '09:00–09:30', categories: ['健診', '特定健診'] } }),
      expect.objectContaining({ surveyId: 'kenshin', title: '会員向け健診', status: '未対応', reservation: null }),
    ]);
    const audit = await srv.deps.store.db.selectFrom('audit_log').select(['action', 'target_kind', 'target_ids_json']).where('action', '=', 'answer.read').execute();
    expect(audit).toEqual([{ action: 'answer.read', target_kind: 'member', target_ids_json: JSON.stringify([key]) }]);
    expect((await staffFetch(srv, 'GET', '/member-forms/kaiin/members/nope', { cookie })).json.code).toBe('result_not_found');
  });

  it('another team’s member form is refused', async () => {
    expect((await staffFetch(srv, 'GET', '/member-forms/other-kaiin/members', { cookie })).json.code).toBe('staff_team_forbidden');
  });
});

describe('console members with MEMBERS=0', () => {
  it('are refused at the door', async () => {
    const srv = await startTestServer('sqlite', { MEMBERS: '0' });
    try {
      const cookie = await signIn(srv, await makeStaff(srv.deps.store, { role: 'admin' }));
      const res = await staffFetch(srv, 'GET', '/member-forms', { cookie });
      expect(res.status).toBe(403);
      expect(res.json.code).toBe('members_off');
    } finally {
      await srv.stop();
    }
  });
});
