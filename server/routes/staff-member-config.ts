/**
 * A member form's config in the console (core/contract/staff-member-config.ts). The save is the
 * importer's (importMemberConfigIn) inside one transaction with its version check, the numbering
 * floor and its config.save audit row; refused, it writes nothing.
 */
import type { Kysely, Transaction } from 'kysely';
import { staffMemberConfig, staffMemberConfigSave } from '@core/contract/staff-member-config';
import { refuse } from '@core/refusals';
import { lowersNumbering, numberingFloor } from '@core/rules/member-number';
import type { RouteContext } from '../route-context';
import type { Database } from '../store/schema';
import { counterValue, memberConfigRow } from '../store/members';
import { BundleError, importMemberConfigIn } from '../forms/import';
import { configObjectOf } from '../forms/config-json';
import { NUMBER_COUNTER, memberNumberScope } from '../members/numbers';
import { auditFromOf } from '../staff/guard';
import { recordAudit } from '../audit/record';

const SOURCE = 'console';

const lastResultNumberOf = (config: Record<string, unknown>): number | undefined => (typeof config['lastResultNumber'] === 'number' ? config['lastResultNumber'] : undefined);

/** The importer's problems as issues: `console: memberConfigs[0].field: message` → path field. */
const issuesOf = (problems: readonly string[]) =>
  problems.map((p) => {
    const rest = p.replace(`${SOURCE}: memberConfigs[0]`, '').replace(/^\./, '');
    const at = rest.indexOf(': ');
    return at < 0 ? { path: '$', message: rest } : { path: rest.slice(0, at) || '$', message: rest.slice(at + 2) };
  });

const answerOf = async (db: Kysely<Database> | Transaction<Database>, surveyId: string) => {
  const row = await memberConfigRow(db, surveyId);
  if (!row) throw refuse('member_form_not_found');
  const config = JSON.parse(row.configJson) as Record<string, unknown>;
  const lastGiven = await counterValue(db, memberNumberScope(surveyId), NUMBER_COUNTER);
  const configured = lastResultNumberOf(config);
  return { surveyId, title: row.title, version: row.version, config, lastResultNumber: configured ?? 0, lastGiven, floor: numberingFloor(configured, lastGiven) };
};

export const registerStaffMemberConfigRoutes = (ctx: RouteContext): void => {
  const { store, config } = ctx.deps;

  ctx.route(staffMemberConfig, async ({ params }) => ({ result: 'OK' as const, data: await answerOf(store.db, params.surveyId) }));

  ctx.route(staffMemberConfigSave, async ({ staff, params, body, c, commit }) => {
    const sent = configObjectOf(body.configJson);
    if (sent['surveyId'] !== params.surveyId) throw refuse('config_invalid', undefined, { issues: [{ path: 'surveyId', message: `surveyId は ${params.surveyId} のままにしてください` }] });
    const now = new Date();
    return commit(async (trx) => {
      const before = await answerOf(trx, params.surveyId);
      if (before.version !== body.version) throw refuse('config_stale');
      const next = lastResultNumberOf(sent);
      if (lowersNumbering(next, before.floor)) throw refuse('member_number_lowered', { floor: before.floor });
      try {
        await importMemberConfigIn(trx, sent, SOURCE, now.toISOString());
      } catch (e) {
        if (e instanceof BundleError) throw refuse('config_invalid', undefined, { issues: issuesOf(e.problems).slice(0, 100) });
        throw e;
      }
      const after = await answerOf(trx, params.surveyId);
      await recordAudit(
        trx,
        {
          actor: { kind: 'staff', id: staff.id },
          action: 'config.save',
          targets: { kind: 'member_form', ids: [params.surveyId] },
          from: auditFromOf(c, config.trustProxy),
          detail: { what: 'member-config', version: after.version, lastResultNumber: { from: before.lastResultNumber, to: after.lastResultNumber } },
        },
        now,
      );
      return { result: 'OK' as const, data: after };
    });
  });
};
