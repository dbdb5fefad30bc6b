/**
 * The staff console's answer calls: admin mode's registration of a walk-in (server/answers/office.ts),
 * through the same write as a resident's putItem.
 */
import { staffRegisterAnswer } from '@core/contract/staff';
import type { RouteContext } from '../route-context';
import type { AnswerDeps } from '../answers/put-item';
import { registerAnswer } from '../answers/office';
import { createConfigCache } from '../store/configs';
import { auditFromOf } from '../staff/guard';
import { lineOutboxOf } from '../line/outbox';

export const registerStaffRegisterRoutes = (ctx: RouteContext): void => {
  const { store, config, files, log } = ctx.deps;
  const deps: AnswerDeps = { db: store.db, configs: createConfigCache(), features: config.features, files: files.storage, log, outbox: lineOutboxOf(ctx.deps) };
  ctx.route(staffRegisterAnswer, ({ body, staff, c, commit }) => registerAnswer(deps, { body, staff, from: auditFromOf(c, config.trustProxy) }, commit));
};
