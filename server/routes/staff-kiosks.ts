/**
 * Kiosk tablets in the console (core/contract/staff-kiosks.ts): the list of those within reach,
 * an enrolment and a stop, each write one transaction with its audit row. A kiosk is within a
 * person's reach when every one of its forms is (an admin reaches all), so a member can neither
 * see nor take over a kiosk that serves another team's form.
 */
import { staffKioskEnrol, staffKioskRevoke, staffKiosks } from '@core/contract/staff-kiosks';
import { refuse } from '@core/refusals';
import { inTeam } from '@core/rules/staff';
import { kioskListState } from '@core/rules/kiosk-enrolment';
import type { RouteContext } from '../route-context';
import { listKiosks, type KioskListing } from '../store/kiosks';
import { teamTargets } from '../store/teams';
import { auditFromOf } from '../staff/guard';
import type { StaffPrincipal } from '../staff/session';
import { recordAudit } from '../audit/record';
import { enrolKioskIn, kioskEnrolUrl, prepareKioskEnrol, revokeKioskIn } from '../auth/kiosk-enrol';
import { KIOSK_UNFIT_JA } from '../auth/kiosk-forms';

export const registerStaffKioskRoutes = (ctx: RouteContext): void => {
  const { store, config } = ctx.deps;

  /** Whether each of these forms is within the person's reach. */
  const reachOf = async (staff: StaffPrincipal) => {
    const teams = await teamTargets(store.db, 'survey');
    return (forms: readonly string[]) => forms.every((f) => inTeam(staff, teams.get(f) ?? []));
  };
  const kioskNamed = async (name: string): Promise<KioskListing | undefined> => (await listKiosks(store.db)).find((k) => k.name === name);

  ctx.route(staffKiosks, async ({ staff }) => {
    const reaches = await reachOf(staff);
    const kiosks = (await listKiosks(store.db)).filter((k) => reaches(k.forms));
    return {
      result: 'OK' as const,
      data: {
        defaultIdleSeconds: config.kioskIdleSeconds,
        kiosks: kiosks.map((k) => ({
          id: k.id,
          name: k.name,
          forms: k.forms,
          state: kioskListState(k),
          idleSeconds: k.idleSeconds,
          createdAt: k.createdAt,
          enrolledAt: k.enrolledAt,
          revokedAt: k.revokedAt,
          enrolExpiresAt: k.enrolExpiresAt,
        })),
      },
    };
  });

  ctx.route(staffKioskEnrol, async ({ staff, body, c, commit }) => {
    const forms = [...new Set(body.forms)];
    const reaches = await reachOf(staff);
    const existing = await kioskNamed(body.name);
    if (!reaches(forms) || (existing && !reaches(existing.forms))) throw refuse('staff_team_forbidden');
    await prepareKioskEnrol();
    const now = new Date();
    return commit(async (trx) => {
      const done = await enrolKioskIn(trx, { name: body.name, forms, idleSeconds: body.idleSeconds ?? null }, now);
      if (!done.ok && done.unknown.length > 0) throw refuse('kiosk_forms_unknown', { forms: done.unknown.join('、') });
      if (!done.ok) {
        throw refuse('kiosk_forms_unfit', { forms: done.unfit.map((u) => u.surveyId).join('、') }, { issues: done.unfit.map((u) => ({ path: u.surveyId, message: KIOSK_UNFIT_JA[u.why] })) });
      }
      await recordAudit(
        trx,
        { actor: { kind: 'staff', id: staff.id }, action: 'kiosk.enrol', targets: { kind: 'kiosk', ids: [done.id] }, from: auditFromOf(c, config.trustProxy), detail: { name: body.name, forms, idleSeconds: body.idleSeconds ?? null, before: done.before } },
        now,
      );
      return { result: 'OK' as const, data: { name: body.name, before: done.before, code: done.code, url: kioskEnrolUrl(config.publicUrl, done.code), expiresAt: done.expiresAt } };
    });
  });

  ctx.route(staffKioskRevoke, async ({ staff, body, c, commit }) => {
    const existing = await kioskNamed(body.name);
    if (!existing) throw refuse('kiosk_not_found');
    if (!(await reachOf(staff))(existing.forms)) throw refuse('staff_team_forbidden');
    const now = new Date();
    return commit(async (trx) => {
      const done = await revokeKioskIn(trx, body.name, now);
      if (!done) throw refuse('kiosk_not_found');
      if (!done.already) {
        await recordAudit(trx, { actor: { kind: 'staff', id: staff.id }, action: 'kiosk.revoke', targets: { kind: 'kiosk', ids: [existing.id] }, from: auditFromOf(c, config.trustProxy), detail: { name: body.name } }, now);
      }
      return { result: 'OK' as const, data: done };
    });
  });
};
