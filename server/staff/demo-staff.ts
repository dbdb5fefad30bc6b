/**
 * The demo's staff (development only, with the staff dev issuer): one account per role and a team
 * that holds every demo form and calendar, so `npm start` offers a console to sign in to at once.
 * They have no password: they sign in through the dev issuer's page (providers/staff-oidc-dev.ts).
 */
import type { StaffRole } from '@core/rules/staff';
import { recordAudit } from '../audit/record';
import { DEMO_BUNDLE_FILE, readBundleFile } from '../forms/import';
import type { Store } from '../store/open';
import { insertStaff } from '../store/staff';
import { addTeamTarget } from '../store/teams';
import { randomId } from './secrets';

export const DEMO_TEAM = 'デモ窓口';

export const DEMO_STAFF: readonly { email: string; name: string; role: StaffRole }[] = [
  { email: 'admin@demo.sakura.example', name: '管理者 デモ', role: 'admin' },
  { email: 'member@demo.sakura.example', name: 'メンバー デモ', role: 'member' },
  { email: 'operator@demo.sakura.example', name: 'オペレーター デモ', role: 'operator' },
  { email: 'guest@demo.sakura.example', name: 'ゲスト デモ', role: 'guest' },
];

/** The bundle's form and calendar ids, read leniently: the import validated the file already. */
const demoTargets = async (): Promise<{ kind: 'survey' | 'calendar'; id: string }[]> => {
  const bundle = (await readBundleFile(DEMO_BUNDLE_FILE)) as { surveyConfigs?: { surveyId?: unknown }[]; calendars?: { sortKey?: unknown }[] };
  const ids = (list: { [k: string]: unknown }[] | undefined, key: string) =>
    (list ?? []).map((x) => x[key]).filter((v): v is string => typeof v === 'string');
  return [
    ...ids(bundle.surveyConfigs, 'surveyId').map((id) => ({ kind: 'survey' as const, id })),
    ...ids(bundle.calendars, 'sortKey').map((id) => ({ kind: 'calendar' as const, id })),
  ];
};

/**
 * Makes the demo accounts that are missing and gives the demo team every demo form and calendar,
 * in one transaction with an audit row per account made; answers how many accounts it made.
 * Safe on every start: what exists is left as it is (a demo account disabled stays disabled).
 */
export const ensureDemoStaff = async (store: Store, now: Date = new Date()): Promise<number> => {
  const targets = await demoTargets();
  return store.write(async (trx) => {
    for (const t of targets) await addTeamTarget(trx, DEMO_TEAM, t.kind, t.id);
    let made = 0;
    for (const s of DEMO_STAFF) {
      const id = randomId();
      if (!(await insertStaff(trx, { id, email: s.email, name: s.name, role: s.role, teams: [DEMO_TEAM], now: now.toISOString() }))) continue;
      made++;
      await recordAudit(trx, { actor: { kind: 'system', id: 'demo' }, action: 'staff.add', targets: { kind: 'staff', ids: [id] }, detail: { role: s.role } }, now);
    }
    return made;
  });
};
