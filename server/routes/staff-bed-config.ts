/**
 * A bed ward's configuration in the console (core/contract/staff-bed-config.ts): read with its
 * version and its nights from today as runs of one count (read), and saved (configure) in one
 * transaction with its config.save audit row. A ward is reached through its bed form's teams.
 */
import { Temporal } from 'temporal-polyfill';
import { staffBedWardConfig, staffBedWardConfigSave, type BedWardSaveAnswer } from '@core/contract/staff-bed-config';
import { BED_RANGE_DAYS, removedBedIds } from '@core/rules/bed-ward-edits';
import { todayInTokyo } from '@core/ja/date-input';
import { refuse } from '@core/refusals';
import type { RouteContext } from '../route-context';
import { readNights, readWard, type NightCount, type Ward } from '../store/beds';
import { wardVersion } from '../store/bed-config';
import { listSurveyTitles } from '../store/configs';
import { requireReach } from '../staff/reach';
import { clientAddressOf } from '../staff/guard';
import type { StaffPrincipal } from '../staff/session';
import { recordAudit } from '../audit/record';
import { bedConflictsBefore, checkWardConfig, refuseClaimedRemoval, saveWardConfig } from '../beds/save-config';

/** Consecutive nights with one count, as one range; `held` the most a night of it holds. */
const runsOf = (nights: readonly NightCount[]) => {
  const out: { from: string; to: string; beds: number; held: number }[] = [];
  for (const n of nights) {
    const last = out.at(-1);
    if (last && last.beds === n.capacity && Temporal.PlainDate.from(last.to).add({ days: 1 }).toString() === n.night) {
      last.to = n.night;
      last.held = Math.max(last.held, n.reserved);
    } else out.push({ from: n.night, to: n.night, beds: n.capacity, held: n.reserved });
  }
  return out;
};

/** What a save did to the beds, by id, for the audit row. */
const bedChanges = (old: readonly { bedId: string; bedName: string }[], next: readonly { bedId: string; bedName: string }[]) => {
  const before = new Map(old.map((b) => [b.bedId, b.bedName]));
  return {
    added: next.filter((b) => !before.has(b.bedId)).map((b) => b.bedId),
    renamed: next.filter((b) => before.has(b.bedId) && before.get(b.bedId) !== b.bedName).map((b) => b.bedId),
    removed: removedBedIds(old, next),
  };
};

export const registerStaffBedConfigRoutes = (ctx: RouteContext): void => {
  const { store, config } = ctx.deps;

  const wardOf = async (staff: StaffPrincipal, surveyId: string): Promise<Ward> => {
    await requireReach(store, staff, 'survey', surveyId);
    const ward = await readWard(store.db, surveyId);
    if (!ward) throw refuse('bed_ward_not_found');
    return ward;
  };

  ctx.route(staffBedWardConfig, async ({ staff, params }) => {
    const ward = await wardOf(staff, params.surveyId);
    const today = todayInTokyo();
    const [version, nights, titles] = await Promise.all([
      wardVersion(store.db, ward.surveyId),
      readNights(store.db, ward.surveyId, today.toString(), today.add({ days: BED_RANGE_DAYS }).toString()),
      listSurveyTitles(store.db),
    ]);
    return {
      result: 'OK' as const,
      data: {
        surveyId: ward.surveyId,
        title: titles.find((t) => t.surveyId === ward.surveyId)?.title ?? ward.surveyId,
        version: version ?? 0,
        beds: ward.beds.length,
        bedList: ward.beds.map((b) => ({ bedId: b.bedId, bedName: b.bedName })),
        reservationPossibleStart: ward.reservationPossibleStart,
        reservationCancelLimit: ward.reservationCancelLimit,
        ranges: runsOf(nights),
      },
    };
  });

  ctx.route(staffBedWardConfigSave, async ({ staff, params, body, c, commit }) => {
    const ward = await wardOf(staff, params.surveyId);
    const today = todayInTokyo().toString();
    // The nights from today on: those at full strength follow a change of the number of beds.
    const current = body.beds && body.beds.length !== ward.beds.length ? await readNights(store.db, ward.surveyId, today, '9999-12-31') : [];
    const nights = checkWardConfig(ward, body, current);
    await refuseClaimedRemoval(store.db, ward, body, today);
    const confirm = body.confirm === true;
    const seen = await bedConflictsBefore(store.db, ward.surveyId, nights);
    if (seen.length > 0 && !confirm) {
      const answer: BedWardSaveAnswer = { result: 'OK', data: { saved: false, affected: seen } };
      return answer;
    }
    const now = new Date();
    return commit(async (trx) => {
      const r = await saveWardConfig(trx, { ward, version: body.version, config: body, nights, confirm, today });
      await recordAudit(
        trx,
        {
          actor: { kind: 'staff', id: staff.id },
          action: 'config.save',
          targets: { kind: 'bedWard', ids: [ward.surveyId] },
          from: { ip: clientAddressOf(c, config.trustProxy), userAgent: c.req.header('user-agent')?.slice(0, 300) },
          detail: {
            what: 'bedWard',
            version: r.version,
            nights: r.nights,
            ranges: body.ranges,
            reservationPossibleStart: body.reservationPossibleStart,
            reservationCancelLimit: body.reservationCancelLimit,
            confirmedHeld: seen.length,
            ...(body.beds ? { beds: bedChanges(ward.beds, body.beds) } : {}),
          },
        },
        now,
      );
      const answer: BedWardSaveAnswer = { result: 'OK', data: { saved: true, version: r.version, nights: r.nights } };
      return answer;
    });
  });
};
