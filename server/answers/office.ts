/**
 * The office's registration in admin mode (spec 01 §6, spec 02 §6; core/contract/staff.ts
 * staffRegisterAnswer): a staff member whose role may handle answers, on a form of their team,
 * registers a walk-in. The very write of a resident's putItem (put-item.ts writeAnswer), with what
 * differs as its parameters: validated in admin mode (isRequired.admin, admin items), paid in cash
 * (payments/price-order.ts), owned by a new user id beginning with I (so residents can neither
 * change nor cancel it: core/rules/permissions.ts isAdminRegistered), the staff member's name as
 * its registrant, and the audit row 'answer.register' in the same transaction.
 */
import { randomUUID } from 'node:crypto';
import type { AnswerIn, ParsedRequestOf } from '@core/contract/define';
import type { staffRegisterAnswer } from '@core/contract/staff';
import type { AuthUser } from '../auth/verify';
import { recordAudit, type AuditEntry } from '../audit/record';
import type { Commit } from '../idempotency';
import { requireReach } from '../staff/reach';
import type { StaffPrincipal } from '../staff/session';
import { badRequest, oneSurveyOf } from './check';
import { writeAnswer, type AnswerDeps } from './put-item';

type Body = ParsedRequestOf<typeof staffRegisterAnswer>['body'];
type Answer = AnswerIn<typeof staffRegisterAnswer>;

/** The walk-in's user id: I and a random id, apart from a kiosk's visitors (I{kioskId}-{uuid}). */
const officeVisitor = (): AuthUser => ({ userId: `I${randomUUID().replaceAll('-', '')}`, name: undefined, picture: undefined });

export const registerAnswer = async (
  deps: AnswerDeps,
  a: { body: Body; staff: StaffPrincipal; from: AuditEntry['from'] },
  commit: Commit<Answer>,
): Promise<Answer> => {
  const surveyId = oneSurveyOf(a.body);
  await requireReach(deps, a.staff, 'survey', surveyId);
  const named = a.body.data.flatMap((r, n) => (r.partitionKey === undefined ? [] : [{ path: `data.${n}.partitionKey`, message: '窓口での登録は新しい回答だけです' }]));
  if (named.length > 0) throw badRequest(named);
  const { staff } = a;
  return writeAnswer(
    deps,
    a.body,
    {
      user: officeVisitor(),
      kiosk: false,
      mode: 'admin',
      office: {
        registrantName: staff.name,
        recorded: (trx, written) =>
          recordAudit(trx, {
            actor: { kind: 'staff', id: staff.id },
            action: 'answer.register',
            targets: { kind: 'answer', ids: [written.partitionKey] },
            from: a.from,
            detail: { surveyId, answerCode: written.answerCode, cashAmount: written.extras.order?.amountWithTax ?? null },
          }),
      },
    },
    commit,
  );
};
