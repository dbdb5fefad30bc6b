/**
 * Members (spec 02 §3–§9) against the real server on both engines: member configs from the
 * bundle, registration with automatic and typed member numbers, the existence checks, cancel,
 * and the numbers' guarantees — unique, consecutive under 100 concurrent registrations, never
 * given again after a cancel, a typed number held by someone else refused with nothing written.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBundle, BundleError } from '../../server/forms/import';
import { engines, startTestServer, type TestServer } from './harness';
import { counterRowColumns } from './admin-rows';
import { cleanPng } from './file-fixtures';

const item = (itemKey: string, type: string, extra: Record<string, unknown> = {}) => ({ itemKey, type, title: `${itemKey}の題`, ...extra });
const searchable = { isSearchable: { value: true } };

const bundle = {
  surveyConfigs: [
    {
      surveyId: 'kenshin',
      surveyTitle: '会員向け健診',
      hasMember: false,
      memberFormId: 'kaiin',
      surveySchema: [item('memo', 'text')],
    },
    { surveyId: 'open-form', surveyTitle: '誰でも', surveySchema: [item('memo', 'text')] },
    {
      surveyId: 'bangou',
      surveyTitle: '整理券',
      surveySubId: '7',
      isAppending: { value: true },
      surveySchema: [item('seiri', 'numbering', { isAutomaticNumbering: true, isRequired: { value: true }, isNotEditable: true }), item('memo', 'text')],
    },
  ],
  memberConfigs: [
    {
      surveyId: 'kaiin',
      surveyTitle: '会員登録',
      memberSurveySubId: '12',
      lastResultNumber: 500,
      linkedForms: ['kenshin'],
      surveySchema: [
        item('no', 'memberNumber', { isAutomaticNumbering: true }),
        item('name', 'text', { ...searchable, isRequired: { value: true } }),
        item('tel', 'phone', searchable),
      ],
    },
    {
      surveyId: 'tegaki',
      surveyTitle: '会員登録（番号入力）',
      linkedForms: [],
      surveySchema: [item('no', 'memberNumber', { ...searchable, isRequired: { value: true } }), item('name', 'text'), item('tel', 'phone', searchable)],
    },
    {
      surveyId: 'shashin',
      surveyTitle: '会員登録（写真つき）',
      linkedForms: [],
      surveySchema: [item('name', 'text'), item('photo', 'image'), item('docs', 'secureFiles')],
    },
  ],
};

const rows = (surveyId: string, values: Record<string, string>) => Object.entries(values).map(([itemKey, value]) => ({ surveyId, itemKey, value }));
const numberOf = (data: { itemKey: string; value: string }[]) => data.find((r) => r.itemKey === 'no')?.value;

for (const engine of engines()) {
  describe(`members (${engine})`, () => {
    let srv: TestServer;
    const tokens = new Map<string, string>();
    const token = async (userId: string) => {
      let t = tokens.get(userId);
      if (!t) tokens.set(userId, (t = await srv.token(userId)));
      return t;
    };
    const register = async (userId: string, surveyId: string, values: Record<string, string>, key?: string) =>
      srv.api('POST', '/member-results/putItem', {
        token: await token(userId),
        body: rows(surveyId, values),
        ...(key ? { headers: { 'Idempotency-Key': key } } : {}),
      });
    const exists = async (memberSurveyId: string, saiban: string) =>
      (await srv.api('GET', `/member-results/checkSaibanExist?memberSurveyId=${memberSurveyId}&saiban=${saiban}`, { token: await token('U-any') })).json
        .saibanExistFlag as boolean;

    beforeAll(async () => {
      srv = await startTestServer(engine);
      await importBundle(srv.deps.store, bundle, 'fixture');
    });
    afterAll(async () => {
      await srv?.stop();
    });

    it('serves member configs with their linked forms; an unknown one is the spec text', async () => {
      const t = await token('U-a');
      const one = await srv.api('GET', '/member-configs/getItem?memberSurveyId=kaiin', { token: t });
      expect(one.status).toBe(200);
      expect(one.json.data).toMatchObject({ surveyId: 'kaiin', linkedForms: ['kenshin'], memberSurveySubId: '12', version: 1 });
      const all = await srv.api('GET', '/member-configs/getAllSearchable', { token: t });
      expect(all.json.data.map((c: { surveyId: string }) => c.surveyId)).toEqual(['kaiin', 'tegaki']);
      const none = await srv.api('GET', '/member-configs/getItem?memberSurveyId=nope', { token: t });
      expect(none.status).toBe(404);
      expect(none.json.errorMessage).toBe('帳票スキーマ見つけられません。管理者にお問い合わせください。');
    });

    it('names the member form of a form for members in the open list (the way to the member list)', async () => {
      const open = await srv.api('GET', '/survey-configs/open');
      const byId = new Map(open.json.data.map((c: { surveyId: string }) => [c.surveyId, c]));
      expect(byId.get('kenshin')).toMatchObject({ surveyId: 'kenshin', memberFormId: 'kaiin' });
      expect(byId.get('open-form')).not.toHaveProperty('memberFormId');
    });

    it('gives the first automatic number past lastResultNumber, prefixed by the 4-digit sub id', async () => {
      const { status, json } = await register('U-first', 'kaiin', { name: '山田', no: '9999999' });
      expect(status).toBe(200);
      // A number sent for an automatic item is dropped: the server gives it.
      expect(numberOf(json.data)).toBe('00120000501');
      expect(json.data.find((r: { itemKey: string }) => r.itemKey === 'no').originalValue).toBe('00120000501');
      expect(await exists('kaiin', '00120000501')).toBe(true);
      // Changing the record keeps its number.
      const again = await register('U-first', 'kaiin', { name: '山田 一郎' });
      expect(numberOf(again.json.data)).toBe('00120000501');
      const mine = await srv.api('GET', '/member-results/getByUserId?surveyId=kaiin', { token: await token('U-first') });
      expect(mine.json.data.find((r: { itemKey: string }) => r.itemKey === 'name').value).toBe('山田 一郎');
      // Another resident sees none of it.
      const theirs = await srv.api('POST', '/member-results/query', { token: await token('U-other'), body: { surveyId: 'kaiin' } });
      expect(theirs.json.data).toEqual([]);
    });

    it('100 concurrent registrations get 100 distinct consecutive numbers', async () => {
      const users = Array.from({ length: 100 }, (_, i) => `U-crowd-${i}`);
      for (const u of users) await token(u);
      const answers = await Promise.all(users.map((u, i) => register(u, 'kaiin', { name: `会員${i}` }, `k-${u}`)));
      expect(answers.map((a) => a.status)).toEqual(users.map(() => 200));
      const numbers = answers.map((a) => Number((numberOf(a.json.data) as string).slice(4))).sort((a, b) => a - b);
      expect(new Set(numbers).size).toBe(100);
      expect(numbers[numbers.length - 1]! - numbers[0]!).toBe(99);
      expect(numbers[0]).toBe(502);
      for (const a of answers) expect((numberOf(a.json.data) as string).slice(0, 4)).toBe('0012');
    });

    it('never gives a cancelled number again', async () => {
      const first = await register('U-leaver', 'kaiin', { name: '退会' });
      const number = numberOf(first.json.data) as string;
      const pk = first.json.data[0].partitionKey as string;
      const cancel = await srv.api('POST', '/member-results/cancelItem', {
        token: await token('U-leaver'),
        body: [{ surveyId: 'kaiin', partitionKey: pk, itemKey: 'name', value: '退会' }],
      });
      expect(cancel.status).toBe(200);
      const after = await srv.api('GET', '/member-results/getByUserId?surveyId=kaiin', { token: await token('U-leaver') });
      expect(after.json.data.every((r: { check: string }) => r.check === 'キャンセル')).toBe(true);
      expect(await exists('kaiin', number)).toBe(true);
      // Registering again, by the same resident or another, gives a new number.
      const again = await register('U-leaver', 'kaiin', { name: '再入会' });
      const other = await register('U-next', 'kaiin', { name: '次の人' });
      expect(numberOf(again.json.data)).not.toBe(number);
      expect(numberOf(other.json.data)).not.toBe(number);
      expect(Number(numberOf(other.json.data))).toBeGreaterThan(Number(numberOf(again.json.data)));
    });

    it('refuses a typed number someone else holds, and writes nothing', async () => {
      const ok = await register('U-hand-1', 'tegaki', { no: 'ab123', name: '一' });
      expect(ok.status).toBe(200);
      expect(numberOf(ok.json.data)).toBe('ab123');
      const taken = await register('U-hand-2', 'tegaki', { no: 'ab123', name: '二' });
      expect(taken.status).toBe(409);
      expect(taken.json.code).toBe('saiban_exists');
      expect(taken.json.itemIssues).toEqual({ no: [{ key: 'memberNumberTaken' }] });
      const nothing = await srv.api('GET', '/member-results/getByUserId?surveyId=tegaki', { token: await token('U-hand-2') });
      expect(nothing.json.data).toEqual([]);
      // Concurrent claims of one free number: exactly one wins.
      const race = await Promise.all(['U-r1', 'U-r2', 'U-r3', 'U-r4'].map((u) => register(u, 'tegaki', { no: '7777777', name: u })));
      expect(race.filter((r) => r.status === 200)).toHaveLength(1);
      expect(race.filter((r) => r.status === 409)).toHaveLength(3);
    });

    it('checks a typed number: format, and for an update the member’s own number does not count', async () => {
      const bad = await register('U-hand-3', 'tegaki', { no: '12345678', name: '長い' });
      expect(bad.status).toBe(400);
      expect(bad.json.itemIssues).toEqual({ no: [{ key: 'memberNumberFormat' }] });
      const t = await token('U-hand-1');
      const check = (saiban: string, original: string) =>
        srv.api('GET', `/member-results/checkSaibanExistForUpdate?memberSurveyId=tegaki&saiban=${saiban}&saibanOriginal=${original}`, { token: t });
      expect((await check('ab123', 'ab123')).json.saibanExistFlag).toBe(false);
      expect((await check('7777777', 'ab123')).json.saibanExistFlag).toBe(true);
      // Someone else's original is not theirs to exclude.
      const other = await srv.api('GET', '/member-results/checkSaibanExistForUpdate?memberSurveyId=tegaki&saiban=ab123&saibanOriginal=ab123', {
        token: await token('U-hand-2'),
      });
      expect(other.json.saibanExistFlag).toBe(true);
      // The member changes their number: the new one is theirs, the old one is free again.
      const changed = await register('U-hand-1', 'tegaki', { no: 'ab124', name: '一' });
      expect(numberOf(changed.json.data)).toBe('ab124');
      expect(await exists('tegaki', 'ab123')).toBe(false);
      expect(await exists('tegaki', 'ab124')).toBe(true);
      const full = await srv.api('GET', '/member-results/checkSaibanExist?memberSurveyId=tegaki&saiban=%EF%BC%91', { token: t });
      expect(full.status).toBe(400);
    });

    it('finds the member’s own record by its searchable items, folded', async () => {
      const t = await token('U-hand-1');
      const found = await srv.api('POST', '/member-results/filterQuery', { token: t, body: { queryParams: { surveyId: 'tegaki', conditions: { no: 'ＡＢ１２４' } } } });
      expect(found.json.data.map((r: { itemKey: string }) => r.itemKey).sort()).toEqual(['name', 'no']);
      const notMine = await srv.api('POST', '/member-results/filterQuery', {
        token: await token('U-hand-2'),
        body: { queryParams: { surveyId: 'tegaki', conditions: { no: 'ab124' } } },
      });
      expect(notMine.json.data).toEqual([]);
      const unsearchable = await srv.api('POST', '/member-results/filterQuery', { token: t, body: { queryParams: { surveyId: 'tegaki', conditions: { name: '一' } } } });
      expect(unsearchable.status).toBe(400);
    });

    it('finds a member by phone however it is written: spaces, hyphens, +81 or 81 for the leading 0 (spec 01 §5)', async () => {
      expect((await register('U-tel', 'tegaki', { no: 'cd777', name: '電話', tel: '09012345678' })).status).toBe(200);
      const t = await token('U-tel');
      const byPhone = async (tel: string) =>
        (await srv.api('POST', '/member-results/filterQuery', { token: t, body: { queryParams: { surveyId: 'tegaki', conditions: { tel } } } })).json.data.length;
      for (const tel of ['09012345678', ' 090-1234-5678 ', '+819012345678', '+81 90-1234-5678', '819012345678', '０９０ １２３４ ５６７８']) {
        expect(await byPhone(tel), tel).toBeGreaterThan(0);
      }
      expect(await byPhone('+819012345679')).toBe(0);
    });

    it('lets a resident only cancel through updateCheck, and delete only their own', async () => {
      const t = await token('U-hand-1');
      const pk = 'tegaki#U-hand-1';
      const refused = await srv.api('POST', '/member-results/updateCheck', { token: t, body: { surveyId: 'tegaki', partitionKey: pk, check: '完了' } });
      expect(refused.status).toBe(403);
      const foreign = await srv.api('DELETE', `/member-results/deleteItem?surveyId=tegaki&partitionKey=${encodeURIComponent(pk)}`, { token: await token('U-hand-2') });
      expect(foreign.status).toBe(404);
      const cancelled = await srv.api('POST', '/member-results/updateCheck', { token: t, body: { surveyId: 'tegaki', partitionKey: pk, check: 'キャンセル' } });
      expect(cancelled.json.data).toEqual({ partitionKey: pk, check: 'キャンセル' });
      const deleted = await srv.api('DELETE', `/member-results/deleteItem?surveyId=tegaki&partitionKey=${encodeURIComponent(pk)}`, { token: t });
      expect(deleted.json.data.deleted).toBe(2);
      // Its number stays taken.
      expect(await exists('tegaki', 'ab124')).toBe(true);
    });

    it('putUserId gives unowned records to the caller, all or nothing', async () => {
      const base = { ...counterRowColumns('tegaki', new Date().toISOString()), original_value: null };
      await srv.deps.store.db
        .insertInto('member_results')
        .values([
          { ...base, user_id: '', partition_key: 'tegaki#walk-in', sort_key: 'no', item_key: 'no', value: 'zz901' },
          { ...base, user_id: '', partition_key: 'tegaki#walk-in', sort_key: 'name', item_key: 'name', value: '窓口 花子' },
          { ...base, user_id: 'U-someone', partition_key: 'tegaki#someone', sort_key: 'name', item_key: 'name', value: '他の人' },
        ])
        .execute();
      const t = await token('U-walk-in');
      const unowned = [
        { partitionKey: 'tegaki#walk-in', sortKey: 'no' },
        { partitionKey: 'tegaki#walk-in', sortKey: 'name' },
      ];
      const owners = async () =>
        (await srv.deps.store.db.selectFrom('member_results').select(['sort_key', 'user_id']).where('partition_key', 'like', 'tegaki#%').orderBy('partition_key').orderBy('sort_key').execute())
          .filter((r) => r.sort_key === 'no' || r.sort_key === 'name')
          .map((r) => r.user_id);
      const before = await owners();
      // Someone else's record among the keys: nothing at all changes hands.
      const refused = await srv.api('POST', '/member-results/putUserId', { token: t, body: { keys: [...unowned, { partitionKey: 'tegaki#someone', sortKey: 'name' }] } });
      expect(refused.status).toBe(404);
      expect(await owners()).toEqual(before);
      const given = await srv.api('POST', '/member-results/putUserId', { token: t, body: { userId: 'U-ignored', keys: unowned } });
      expect(given.json).toEqual({ result: 'OK', data: { updated: 2 } });
      const mine = await srv.api('GET', '/member-results/getByUserId?surveyId=tegaki', { token: t });
      expect(mine.json.data.map((r: { itemKey: string; value: string }) => `${r.itemKey}=${r.value}`).sort()).toEqual(['name=窓口 花子', 'no=zz901']);
    });

    it('answers hasMember per resident and takes a members’ form only from members', async () => {
      const stranger = await token('U-stranger');
      const config = await srv.api('GET', '/survey-configs/getItem?surveyId=kenshin', { token: stranger });
      expect(config.json.data).toMatchObject({ hasMember: false, memberFormId: 'kaiin' });
      const put = (t: string) => srv.api('POST', '/survey-results/putItem', { token: t, body: { data: rows('kenshin', { memo: 'よろしく' }) } });
      const refused = await put(stranger);
      expect(refused.status).toBe(403);
      expect(refused.json.code).toBe('member_required');
      const member = await token('U-first');
      expect((await srv.api('GET', '/survey-configs/getItem?surveyId=kenshin', { token: member })).json.data.hasMember).toBe(true);
      expect((await put(member)).status).toBe(200);
      // A cancelled member is no member.
      const gone = await register('U-gone', 'kaiin', { name: '退会予定' });
      await srv.api('POST', '/member-results/updateCheck', {
        token: await token('U-gone'),
        body: { surveyId: 'kaiin', partitionKey: gone.json.data[0].partitionKey, check: 'キャンセル' },
      });
      expect((await srv.api('GET', '/survey-configs/getItem?surveyId=kenshin', { token: await token('U-gone') })).json.data.hasMember).toBe(false);
      expect((await put(await token('U-gone'))).status).toBe(403);
    });

    it('numbers a survey’s answers by the same mechanism; a change keeps its number', async () => {
      const t = await token('U-seiri');
      const put = (body: unknown) => srv.api('POST', '/survey-results/putItem', { token: t, body });
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => put({ data: rows('bangou', { memo: `m${i}` }) })));
      const numbers = answers.map((a) => a.json.data.find((r: { itemKey: string }) => r.itemKey === 'seiri').value as string).sort();
      expect(numbers).toEqual(Array.from({ length: 10 }, (_, i) => `0007${String(i + 1).padStart(7, '0')}`));
      const first = answers[0]!.json;
      const changed = await put({ data: rows('bangou', { memo: '変更' }).map((r) => ({ ...r, partitionKey: first.partitionKey })) });
      expect(changed.status).toBe(200);
      const kept = first.data.find((r: { itemKey: string }) => r.itemKey === 'seiri').value;
      expect(changed.json.data.find((r: { itemKey: string }) => r.itemKey === 'seiri').value).toBe(kept);
      const next = await put({ data: rows('bangou', { memo: 'next' }) });
      expect(next.json.data.find((r: { itemKey: string }) => r.itemKey === 'seiri').value).toBe('00070000011');
    });

    it('takes only the resident’s own photos and files, as a form’s answer does, and lets go of those it drops', async () => {
      const photoOf = async (userId: string) => {
        const key = `answers/${crypto.randomUUID()}`;
        const u = await srv.api('GET', `/survey-resources/presignedUrl?key=${key}&contentType=image/png`, { token: await token(userId) });
        const put = await srv.fetch(u.json.uploadUrl as string, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: new Uint8Array(cleanPng) });
        expect(put.status).toBe(200);
        return key;
      };
      const entryOf = async (userId: string) => {
        const made = await srv.api('POST', '/survey-resources/secure-files', {
          token: await token(userId),
          body: { files: [{ itemKey: 'docs', name: 'card.pdf', contentType: 'application/pdf', size: 10 }] },
        });
        return `${made.json.data[0].id as string}#card.pdf`;
      };
      const theirPhoto = await photoOf('U-photo-other');
      const stolen = await register('U-photo', 'shashin', { name: '写真', photo: theirPhoto });
      expect(stolen.status).toBe(400);
      expect(stolen.json.itemIssues).toEqual({ photo: [{ key: 'invalidValue' }] });
      const theirEntry = await register('U-photo', 'shashin', { name: '写真', docs: await entryOf('U-photo-other') });
      expect(theirEntry.json.itemIssues).toEqual({ docs: [{ key: 'invalidValue' }] });
      const photo = await photoOf('U-photo');
      const mine = await register('U-photo', 'shashin', { name: '写真', photo, docs: await entryOf('U-photo') });
      expect(mine.status, mine.text).toBe(200);
      const fileRows = () => srv.deps.store.db.selectFrom('files').select('file_id').where('user_id', '=', 'U-photo').execute();
      expect(await fileRows()).toHaveLength(2);
      // A changed record with a new photo lets go of the old one, and keeps the entry it names again.
      const docs = (mine.json.data as { itemKey: string; value: string }[]).find((r) => r.itemKey === 'docs')?.value as string;
      const newPhoto = await photoOf('U-photo');
      expect((await register('U-photo', 'shashin', { name: '写真', photo: newPhoto, docs })).status).toBe(200);
      expect((await fileRows()).map((r) => r.file_id).sort()).toEqual([newPhoto, docs.split('#')[0]].sort());
      const partitionKey = (mine.json.data as { partitionKey: string }[])[0]?.partitionKey as string;
      const gone = await srv.api('DELETE', `/member-results/deleteItem?surveyId=shashin&partitionKey=${encodeURIComponent(partitionKey)}`, {
        token: await token('U-photo'),
      });
      expect(gone.status, gone.text).toBe(200);
      expect(await fileRows()).toEqual([]);
    });

    it('refuses a bundle whose member links name no form, writing nothing', async () => {
      const bad = {
        surveyConfigs: [{ surveyId: 'lonely', surveyTitle: 'x', memberFormId: 'no-such-member', surveySchema: [item('a', 'text')] }],
        memberConfigs: [{ surveyId: 'm2', surveyTitle: 'm', memberSurveySubId: '12345', linkedForms: ['ghost'], surveySchema: [item('no', 'memberNumber')] }],
      };
      const error = await importBundle(srv.deps.store, bad, 'bad.json').then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(BundleError);
      const problems = (error as BundleError).problems.join('\n');
      expect(problems).toContain('memberConfigs[0].memberSurveySubId');
      const fixed = { ...bad, memberConfigs: [{ ...bad.memberConfigs[0], memberSurveySubId: '1' }] };
      const second = (await importBundle(srv.deps.store, fixed, 'bad.json').catch((e: unknown) => e)) as BundleError;
      expect(second.problems.join('\n')).toContain('memberConfigs[0].linkedForms[0]');
      expect(second.problems.join('\n')).toContain('surveyConfigs[0].memberFormId');
      const none = await srv.api('GET', '/member-configs/getItem?memberSurveyId=m2', { token: await token('U-a') });
      expect(none.status).toBe(404);
    });
  });
}
