/**
 * Staff editing the category tree and its reservation items in place (issue 58): the tree as
 * staff see it (hidden nodes, what bookings use, what they may edit) and one edit per call, each
 * its own transaction and audit row. Nothing is replaced whole: a category or item bookings use
 * is hidden instead of deleted (core/rules/category-edits.ts).
 */
import * as z from 'zod/mini';
import { CATEGORY_NAME_MAX } from '../rules/category-edits';
import { defineEndpoint } from './define';
import { envelope } from './envelope';

const id = z.string().check(z.minLength(1), z.maxLength(200));
const name = z.string().check(z.minLength(1), z.maxLength(CATEGORY_NAME_MAX + 20));
const ids = z.array(id).check(z.maxLength(500));

export interface StaffCategoryNode {
  id: string;
  name: string;
  level: number;
  calendarId: string | null;
  hidden: boolean;
  /** Named by a booking (itself or a category under it): it may be hidden, not deleted. */
  inUse: boolean;
  /** Every calendar under it is within the caller's teams. */
  editable: boolean;
  items: { itemId: string; itemName: string; cost: number; hidden: boolean; inUse: boolean }[];
  children: StaffCategoryNode[];
}
const staffCategoryNodeSchema: z.ZodMiniType<StaffCategoryNode> = z.object({
  id: z.string(),
  name: z.string(),
  level: z.number(),
  calendarId: z.nullable(z.string()),
  hidden: z.boolean(),
  inUse: z.boolean(),
  editable: z.boolean(),
  items: z.array(z.object({ itemId: z.string(), itemName: z.string(), cost: z.number(), hidden: z.boolean(), inUse: z.boolean() })),
  get children() {
    return z.array(staffCategoryNodeSchema);
  },
});

export const staffCategoryTree = defineEndpoint({
  method: 'GET',
  path: '/categories',
  api: 'staff',
  auth: 'staff',
  staffAction: 'read',
  response: envelope(
    z.object({
      tree: z.array(staffCategoryNodeSchema),
      /** Calendars within reach, which a new category may lead to. */
      calendars: z.array(z.object({ calendarId: z.string(), name: z.string() })),
    }),
  ),
});

export const categoryEditSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('addCategory'), parentId: z.nullable(id), name, calendarId: z.nullable(id) }),
  z.object({ op: z.literal('renameCategory'), categoryId: id, name }),
  z.object({ op: z.literal('orderCategories'), parentId: z.nullable(id), ids }),
  z.object({ op: z.literal('hideCategory'), categoryId: id, hidden: z.boolean() }),
  z.object({ op: z.literal('deleteCategory'), categoryId: id }),
  z.object({ op: z.literal('addItem'), categoryId: id, itemName: name, cost: z.number().check(z.int(), z.minimum(1), z.maximum(9999)) }),
  z.object({ op: z.literal('renameItem'), categoryId: id, itemId: id, itemName: name }),
  z.object({ op: z.literal('orderItems'), categoryId: id, ids }),
  z.object({ op: z.literal('hideItem'), categoryId: id, itemId: id, hidden: z.boolean() }),
  z.object({ op: z.literal('deleteItem'), categoryId: id, itemId: id }),
]);
export type CategoryEdit = z.infer<typeof categoryEditSchema>;

export const staffCategoryEdit = defineEndpoint({
  method: 'POST',
  path: '/categories/edit',
  api: 'staff',
  auth: 'staff',
  staffAction: 'configure',
  body: categoryEditSchema,
  /** `id`: the new category's or item's id (an add). */
  response: envelope(z.object({ id: z.nullable(z.string()) })),
});
