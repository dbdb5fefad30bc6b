/**
 * The core definitions the app loads on demand (core/items/registry.ts), seen from a registry
 * nothing has loaded yet, as the app's first visit sees it: the setup file loads every type into
 * the suite's own copy, so each test here imports a fresh one.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const fresh = () => import('@core/items/registry');
const item = { itemKey: 'yoyaku', type: 'reservation', title: '予約', isRequired: { value: true } };

describe('item definitions loaded on demand', () => {
  beforeEach(() => {
    vi.resetModules();
  });

  it('has the everyday types at once and refuses to guess the others', async () => {
    const { itemDefOf, loadItemDefs } = await fresh();
    expect(itemDefOf('text').valueKind).toBe('single');
    expect(loadItemDefs(['text', 'radio'])).toBeNull();
    expect(() => itemDefOf('reservation')).toThrow('item type reservation is not loaded: loadItemDefs first');
  });

  it('fetches a type the first time a config names it, in an async parse', async () => {
    const { itemDefOf, loadItemDefs, schemaItemSchema } = await fresh();
    // A synchronous parse cannot wait for the fetch.
    expect(() => schemaItemSchema.safeParse(item)).toThrow();
    const parsed = await schemaItemSchema.safeParseAsync(item);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ itemKey: 'yoyaku', type: 'reservation' });
    expect(itemDefOf('reservation').type).toBe('reservation');
    expect(loadItemDefs(['reservation'])).toBeNull();
    // Once here, the synchronous parse works too.
    expect(schemaItemSchema.safeParse(item).success).toBe(true);
  });

  it("keeps a loaded type's own checks in the async parse", async () => {
    const { schemaItemSchema } = await fresh();
    const parsed = await schemaItemSchema.safeParseAsync({ ...item, type: 'countVaccines', title: 42 });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toContain('title');
  });

  it('loads each type once, however many ask at the same time', async () => {
    const { loadItemDefs } = await fresh();
    const first = loadItemDefs(['facility', 'location']);
    const second = loadItemDefs(['location']);
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    await Promise.all([first, second]);
    expect(loadItemDefs(['facility', 'location'])).toBeNull();
  });

  it('asks the app for what goes with a definition it fetches, and only then', async () => {
    const { loadAlongsideItemDefs, loadItemDefs } = await fresh();
    const asked: (readonly string[])[] = [];
    loadAlongsideItemDefs((types) => asked.push(types));
    expect(loadItemDefs(['text'])).toBeNull();
    await loadItemDefs(['text', 'image']);
    expect(asked).toEqual([['text', 'image']]);
    expect(loadItemDefs(['image'])).toBeNull();
    expect(asked).toHaveLength(1);
  });
});
