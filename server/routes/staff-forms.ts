/**
 * A form's config in the console (core/contract/staff-forms.ts): read, save, versions, rollback,
 * publish / close, all of role configure on a form within the caller's teams. Every write is
 * checked as the import checks a config (server/forms/survey-check.ts) and written by the one save
 * (server/forms/save-config.ts) with its config.save audit row; refused, it writes nothing.
 */
import type { Context } from 'hono';
import {
  staffFormConfig,
  staffFormRollback,
  staffFormSave,
  staffFormStatus,
  staffFormVersion,
  staffFormVersions,
  type FormSaveAnswer,
} from '@core/contract/staff-forms';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { refuse } from '@core/refusals';
import type { RouteContext } from '../route-context';
import { findSurveyConfig } from '../store/configs';
import { findFormVersion, listFormVersions } from '../store/form-versions';
import { requireReach } from '../staff/reach';
import { clientAddressOf } from '../staff/guard';
import type { StaffPrincipal } from '../staff/session';
import type { Commit } from '../idempotency';
import { checkSurveyConfig } from '../forms/survey-check';
import { saveSurveyConfig, type SaveSource } from '../forms/save-config';

/** The stored config as the editor edits it: without the served version. */
const editable = (cfg: ServedSurveyConfig): Record<string, unknown> => {
  const { version: _version, ...rest } = cfg;
  return rest;
};

export const registerStaffFormRoutes = (ctx: RouteContext): void => {
  const { store, config } = ctx.deps;

  const formOf = async (staff: StaffPrincipal, surveyId: string): Promise<ServedSurveyConfig> => {
    await requireReach(store, staff, 'survey', surveyId);
    const cfg = await findSurveyConfig(store.db, surveyId);
    if (!cfg) throw refuse('survey_not_found');
    return cfg;
  };

  /** Checks `json` as this form's config and saves it from `version`, in one transaction. */
  const save = (a: { staff: StaffPrincipal; c: Context; commit: Commit<FormSaveAnswer>; surveyId: string; version: number; json: unknown; source: SaveSource; note?: string | undefined; from?: number }) =>
    a.commit(async (trx) => {
      const checked = await checkSurveyConfig(trx, a.json);
      if (!checked.ok) throw refuse('form_invalid', undefined, { issues: checked.problems.slice(0, 200) });
      // The id is the form's key (answers, teams, links): a save cannot move a form to another one.
      if (checked.config.surveyId !== a.surveyId) throw refuse('form_invalid', undefined, { issues: [{ path: 'surveyId', message: `surveyId は ${a.surveyId} のままにしてください` }] });
      const r = await saveSurveyConfig(trx, checked.config, {
        edited: a.version,
        source: a.source,
        savedBy: a.staff.id,
        note: a.note,
        now: new Date(),
        audit: { actor: { kind: 'staff', id: a.staff.id }, from: { ip: clientAddressOf(a.c, config.trustProxy), userAgent: a.c.req.header('user-agent')?.slice(0, 300) } },
        ...(a.from !== undefined ? { from: a.from } : {}),
      });
      const answer: FormSaveAnswer = { result: 'OK', data: { version: r.version, changed: r.outcome !== 'unchanged' } };
      return answer;
    });

  ctx.route(staffFormConfig, async ({ staff, params }) => {
    const cfg = await formOf(staff, params.surveyId);
    return { result: 'OK' as const, data: { surveyId: cfg.surveyId, version: cfg.version, config: editable(cfg) } };
  });

  ctx.route(staffFormSave, async ({ staff, params, body, c, commit }) => {
    await formOf(staff, params.surveyId);
    return save({ staff, c, commit, surveyId: params.surveyId, version: body.version, json: body.config, source: 'editor', note: body.note });
  });

  ctx.route(staffFormVersions, async ({ staff, params }) => {
    const cfg = await formOf(staff, params.surveyId);
    return { result: 'OK' as const, data: { current: cfg.version, versions: await listFormVersions(store.db, params.surveyId) } };
  });

  ctx.route(staffFormVersion, async ({ staff, params }) => {
    await formOf(staff, params.surveyId);
    const found = await findFormVersion(store.db, params.surveyId, params.version);
    if (!found) throw refuse('form_version_not_found');
    return { result: 'OK' as const, data: found };
  });

  ctx.route(staffFormRollback, async ({ staff, params, body, c, commit }) => {
    await formOf(staff, params.surveyId);
    const old = await findFormVersion(store.db, params.surveyId, body.to);
    if (!old) throw refuse('form_version_not_found');
    return save({ staff, c, commit, surveyId: params.surveyId, version: body.version, json: old.config, source: 'rollback', note: body.note ?? `版 ${body.to} に戻す`, from: body.to });
  });

  ctx.route(staffFormStatus, async ({ staff, params, body, c, commit }) => {
    const cfg = await formOf(staff, params.surveyId);
    // The status is part of the saved config, so 公開 / 停止 is a version like any other save.
    return save({ staff, c, commit, surveyId: params.surveyId, version: body.version, json: { ...editable(cfg), surveyStatus: body.status }, source: body.status === 'enabled' ? 'publish' : 'close', note: body.status === 'enabled' ? '公開' : '停止' });
  });
};
