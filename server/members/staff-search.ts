/**
 * The console's member search, pure: which records of a member form match what staff typed, and
 * the page of them after a cursor. A record matches when any of its answers holds the typed text
 * once both are read as the lookup reads them (core/rules/search-match.ts: width, case, spaces,
 * dashes; a phone's +81 as 0), so 0001-0000001, ０００１００００００１ and 1 0000001 find the same
 * member number and +81 90-1234-5678 the phone 09012345678.
 */
import { searchKeyOf } from '@core/rules/search-match';
import { groupedMemberNumber } from '@core/rules/member-number';
import type { ItemType } from '@core/form/item-types';
import type { MemberSearchRow } from '../store/member-search';

export interface MemberLine {
  partitionKey: string;
  userId: string;
  memberNumber: string | null;
  values: Record<string, string>;
  status: string;
  createdAt: string;
}

/** A record's rows as one line: checkbox rows joined, a member number grouped as residents see it. */
const lineOf = (rows: readonly MemberSearchRow[], types: ReadonlyMap<string, ItemType>): MemberLine => {
  const values: Record<string, string> = {};
  let memberNumber: string | null = null;
  for (const r of rows) {
    const type = types.get(r.itemKey);
    if (type === 'memberNumber' && r.value !== '') memberNumber = groupedMemberNumber(r.value);
    values[r.itemKey] = values[r.itemKey] === undefined ? r.value : `${values[r.itemKey]}、${r.value}`;
  }
  const first = rows[0] as MemberSearchRow;
  return { partitionKey: first.partitionKey, userId: first.userId, memberNumber, values, status: first.status, createdAt: first.createdAt };
};

const matches = (rows: readonly MemberSearchRow[], q: string, types: ReadonlyMap<string, ItemType>): boolean =>
  rows.some((r) => {
    const type = types.get(r.itemKey);
    const wanted = searchKeyOf(q, type);
    return wanted !== '' && searchKeyOf(r.value, type).includes(wanted);
  });

/**
 * The records (rows sorted by partition key) matching q (all when empty), `limit` of them after
 * the cursor, and the cursor of the next page (null: none).
 */
export const searchMembers = (
  rows: readonly MemberSearchRow[],
  schema: readonly { itemKey: string; type: ItemType }[],
  a: { q: string; after: string | undefined; limit: number },
): { members: MemberLine[]; next: string | null } => {
  const types = new Map(schema.map((i) => [i.itemKey, i.type] as const));
  const q = a.q.trim();
  const members: MemberLine[] = [];
  let next: string | null = null;
  for (let i = 0; i < rows.length; ) {
    let j = i;
    while (j < rows.length && (rows[j] as MemberSearchRow).partitionKey === (rows[i] as MemberSearchRow).partitionKey) j++;
    const record = rows.slice(i, j);
    i = j;
    if (a.after !== undefined && (record[0] as MemberSearchRow).partitionKey <= a.after) continue;
    if (q !== '' && !matches(record, q, types)) continue;
    if (members.length === a.limit) {
      next = (members[members.length - 1] as MemberLine).partitionKey;
      break;
    }
    members.push(lineOf(record, types));
  }
  return { members, next };
};
