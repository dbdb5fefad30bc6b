/**
 * The category tree edited in place by staff on both engines (server/routes/staff-categories.ts):
 * add, rename (the path names follow), reorder, hide (residents no longer offered it, a booking
 * keeps its label, a new booking of it refused) and delete; an item or category bookings use
 * refused deletion; each edit audited; role and team checks; and the import no longer deleting
 * what bookings use.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusalText } from '@core/refusals';
import type { StaffCategoryNode } from '@core/contract/staff-categories';
import { importBundle } from '../../server/forms/import';
import { engines, startTestServer, type TestServer } from './harness';
import { giveTeam, makeStaff, signIn, staffFetch } from './staff-fixture';
import { bundle, categoriesTree, day, value } from './reservation-fixture';

describe.each(engines())('staff categories (%s)', (engine) => {
  let srv: TestServer;
  let member: string;
  let admin: string;
  let operator: string;
  let outsider: string;

  const edit = (body: Record<string, unknown>, cookie = member) => staffFetch(srv, 'POST', '/categories/edit', { cookie, body });
  const staffTree = async (cookie = member) => (await staffFetch(srv, 'GET', '/categories', { cookie })).json.data.tree as StaffCategoryNode[];
  const find = (nodes: StaffCategoryNode[], id: string): StaffCategoryNode | undefined => {
    for (const n of nodes) {
      if (n.id === id) return n;
      const hit = find(n.children, id);
      if (hit) return hit;
    }
    return undefined;
  };
  const resident = async (path: string) => (await srv.api('GET', path, { token: await srv.token('U-cat-viewer') })).json;
  const book = (user: string, item: string, category = 'naika-b', slot = '1') =>
    srv.api('POST', '/survey-results/putItem', {
      token: tokenOf(user),
      body: { data: [{ surveyId: 'rsv', itemKey: 'yoyaku', value: value(category, item, 3, slot) }, { surveyId: 'rsv', itemKey: 'name', value: user }] },
    });
  const tokens = new Map<string, string>();
  const tokenOf = (user: string) => tokens.get(user) as string;
  const audits = () => srv.deps.store.db.selectFrom('audit_log').selectAll().where('action', '=', 'config.save').orderBy('seq').execute();

  beforeAll(async () => {
    srv = await startTestServer(engine);
    await importBundle(srv.deps.store, bundle(), 'fixture');
    await giveTeam(srv.deps.store, '受付', 'calendar', ['cal-b']);
    member = await signIn(srv, await makeStaff(srv.deps.store, { role: 'member', teams: ['受付'] }));
    admin = await signIn(srv, await makeStaff(srv.deps.store, { role: 'admin', teams: [] }));
    operator = await signIn(srv, await makeStaff(srv.deps.store, { role: 'operator', teams: ['受付'] }));
    outsider = await signIn(srv, await makeStaff(srv.deps.store, { role: 'member', teams: ['健診'] }));
    for (const u of ['U-cat-1', 'U-cat-2', 'U-cat-3']) tokens.set(u, await srv.token(u));
    const r = await book('U-cat-1', 'v1');
    expect(r.status, JSON.stringify(r.json)).toBe(200);
  });
  afterAll(async () => srv?.stop());

  it('reads the tree with what bookings use and what the caller may edit', async () => {
    const tree = await staffTree();
    const b = find(tree, 'naika-b');
    expect(b).toMatchObject({ level: 2, calendarId: 'cal-b', hidden: false, inUse: true, editable: true, items: [{ itemId: 'v1', itemName: '接種', inUse: true, hidden: false }] });
    expect(find(tree, 'naika-a')).toMatchObject({ editable: false, inUse: false });
    // 内科 holds calendars of other teams too.
    expect(find(tree, 'naika')).toMatchObject({ editable: false, inUse: true });
    expect(find(await staffTree(admin), 'naika')?.editable).toBe(true);
  });

  it('adds, renames and reorders items in place; residents see them; each edit is one audit row', async () => {
    const before = (await audits()).length;
    const add = await edit({ op: 'addItem', categoryId: 'naika-b', itemName: '追加接種', cost: 1 });
    expect(add.json, JSON.stringify(add.json)).toMatchObject({ result: 'OK' });
    const id = add.json.data.id as string;
    expect(id).toMatch(/^i[0-9a-f]{10}$/);
    expect((await edit({ op: 'renameItem', categoryId: 'naika-b', itemId: id, itemName: ' 追加の接種 ' })).json.result).toBe('OK');
    expect((await edit({ op: 'orderItems', categoryId: 'naika-b', ids: [id, 'v1'] })).json.result).toBe('OK');
    expect((await resident('/calendars/item_info/naika-b')).data.map((i: { itemName: string }) => i.itemName)).toEqual(['追加の接種', '接種']);
    const stale = await edit({ op: 'orderItems', categoryId: 'naika-b', ids: ['v1'] });
    expect(stale.json).toMatchObject({ code: 'category_order_changed', errorMessage: refusalText('category_order_changed') });
    const rows = (await audits()).slice(before);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({ actor_kind: 'staff', target_kind: 'category', outcome: 'ok' });
    expect(JSON.parse(rows[0]?.detail_json as string)).toMatchObject({ what: 'categories', edit: { op: 'addItem', itemName: '追加接種' } });
    // A new item has no bookings: it may be deleted.
    expect((await edit({ op: 'deleteItem', categoryId: 'naika-b', itemId: id })).json.result).toBe('OK');
    expect((await resident('/calendars/item_info/naika-b')).data).toHaveLength(1);
  });

  it('an item in use is not deleted but hidden: not offered, a new booking refused, the booking keeps its name', async () => {
    const del = await edit({ op: 'deleteItem', categoryId: 'naika-b', itemId: 'v1' });
    expect(del.status).toBe(409);
    expect(del.json).toMatchObject({ code: 'category_in_use', errorMessage: refusalText('category_in_use') });
    expect((await edit({ op: 'hideItem', categoryId: 'naika-b', itemId: 'v1', hidden: true })).json.result).toBe('OK');
    expect((await resident('/calendars/item_info/naika-b')).data).toEqual([{ itemId: 'v1', itemName: '接種', categoryId: 'naika-b', cost: 1, hidden: true }]);
    const late = await book('U-cat-2', 'v1');
    expect(late.json.code).toBe('reservation_unknown');
    const sheet = await staffFetch(srv, 'GET', `/calendars/cal-b/day-sheet?date=${day(3)}`, { cookie: member });
    expect(sheet.json.data.slots[0].bookings[0]).toMatchObject({ itemName: '接種' });
    expect((await edit({ op: 'hideItem', categoryId: 'naika-b', itemId: 'v1', hidden: false })).json.result).toBe('OK');
    expect((await book('U-cat-2', 'v1')).status).toBe(200);
  });

  it('adds, renames, hides and deletes categories: the path names follow, a hidden one leaves the residents’ tree', async () => {
    const add = await edit({ op: 'addCategory', parentId: 'naika-b', name: '小児', calendarId: 'cal-b' });
    expect(add.json, JSON.stringify(add.json)).toMatchObject({ result: 'OK' });
    const child = add.json.data.id as string;
    expect((await edit({ op: 'addCategory', parentId: child, name: '深すぎ', calendarId: null })).json.code).toBe('category_too_deep');
    expect((await edit({ op: 'renameCategory', categoryId: child, name: '小児科' })).json.result).toBe('OK');
    expect((await resident(`/calendars/categories/${child}`)).data).toMatchObject({ tag1: '内科', tag2: '予防接種', tag3: '小児科', calendarId: 'cal-b' });
    expect((await edit({ op: 'hideCategory', categoryId: child, hidden: true })).json.result).toBe('OK');
    const tree = (await resident('/calendars/categories_tree')).data;
    expect(JSON.stringify(tree)).not.toContain(child);
    expect((await resident('/calendars/categories?tag3=小児科')).data).toEqual([]);
    expect((await edit({ op: 'deleteCategory', categoryId: child })).json.result).toBe('OK');
    expect(find(await staffTree(), child)).toBeUndefined();
    // A category bookings use: hidden, never deleted.
    expect((await edit({ op: 'deleteCategory', categoryId: 'naika-b' })).json.code).toBe('category_in_use');
    expect((await edit({ op: 'addCategory', parentId: null, name: '大分類', calendarId: null })).json.code).toBe('staff_team_forbidden');
    expect((await edit({ op: 'addCategory', parentId: null, name: '大分類', calendarId: null }, admin)).json.result).toBe('OK');
    expect((await edit({ op: 'renameCategory', categoryId: 'nothing', name: 'x' })).json.code).toBe('category_edit_missing');
    expect((await edit({ op: 'renameCategory', categoryId: 'naika-b', name: '   ' })).json.code).toBe('category_name_invalid');
  });

  it('an operator reads but may not edit; another team may not edit its categories', async () => {
    expect((await staffTree(operator)).length).toBeGreaterThan(0);
    const op = await edit({ op: 'hideItem', categoryId: 'naika-b', itemId: 'v1', hidden: true }, operator);
    expect(op.status).toBe(403);
    expect(op.json.code).toBe('staff_forbidden');
    expect((await edit({ op: 'hideItem', categoryId: 'naika-b', itemId: 'v1', hidden: true }, outsider)).json.code).toBe('staff_team_forbidden');
    expect((await edit({ op: 'addItem', categoryId: 'naika-a', itemName: 'x', cost: 1 })).json.code).toBe('staff_team_forbidden');
    expect((await resident('/calendars/item_info/naika-b')).data[0]).not.toHaveProperty('hidden');
  });

  it('the import updates the tree in place: what bookings use stays, hidden; the rest it leaves out is deleted', async () => {
    const tree = categoriesTree.map((n) => ({ ...n, children: n.children.filter((c) => c.id !== 'naika-b' && c.id !== 'naika-none') }));
    await importBundle(srv.deps.store, { categoriesTree: [...tree, { id: 'new-top', name: '新設', children: [] }] }, 'fixture2');
    const staff = await staffTree(admin);
    expect(find(staff, 'naika-b')).toMatchObject({ hidden: true, inUse: true, items: [{ itemId: 'v1', itemName: '接種' }] });
    expect(find(staff, 'naika-none')).toBeUndefined();
    expect(find(staff, 'new-top')).toMatchObject({ hidden: false });
    expect(JSON.stringify((await resident('/calendars/categories_tree')).data)).not.toContain('naika-b');
    expect((await resident('/calendars/categories/naika-b')).data).toMatchObject({ tag2: '予防接種' });
  });
});
