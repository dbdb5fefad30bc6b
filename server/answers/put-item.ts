/**
 * putItem (spec 01 §7): one function for the route to call. Who the answer is written as (a kiosk
 * writes a new visitor of its own), the rows checked against the form as this process last read
 * it (confirmed inside the transaction: a refusal stands only if the stored config refuses too),
 * the forms this call does not take (bed surveys, members' forms for non-members), then the write
 * (write/write-submission.ts) in the request's one commit, and the blobs it no longer names
 * removed once it has committed.
 */
import type { Kysely, Transaction } from 'kysely';
import type { AnswerIn, ParsedRequestOf } from '@core/contract/define';
import type { Issue } from '@core/contract/envelope';
import type { AnswerRowInput, surveyResultsPutItem } from '@core/contract/survey';
import { BED_SURVEY_TYPE } from '@core/form/survey-config';
import { requiresMembership } from '@core/rules/membership';
import { Refusal, refuse } from '@core/refusals';
import type { Features } from '@core/rules/features';
import type { AuthUser, KioskPrincipal } from '../auth/verify';
import { kioskForbidden, kioskVisitor, requireKioskForm } from '../auth/kiosk';
import { kioskUnfitOf } from '../auth/kiosk-forms';
import type { FileStorage } from '../files/storage';
import type { Commit } from '../idempotency';
import type { Logger } from '../log';
import { categoryLookupFor } from '../store/calendars';
import type { ConfigCache, StampedConfig } from '../store/configs';
import { extrasFields } from '../store/extras';
import { isMember } from '../store/members';
import { catalogueOf } from '../store/payment-catalogue';
import type { Database } from '../store/schema';
import { badRequest, checkSubmission, type Checked } from './check';
import { removeBlobs } from './files';
import { namedKeysOf } from './partition-key';
import { readBeforeWrite } from './write/read-before';
import { writeSubmission } from './write/write-submission';

type Db = Kysely<Database> | Transaction<Database>;
type Body = ParsedRequestOf<typeof surveyResultsPutItem>['body'];
type Answer = AnswerIn<typeof surveyResultsPutItem>;

export interface AnswerDeps {
  db: Kysely<Database>;
  configs: ConfigCache;
  features: Features;
  files: FileStorage;
  log: Logger;
}

/**
 * Who a kiosk's putItem is written as: a new visitor of its own (auth/kiosk.ts kioskVisitor). A
 * kiosk answers only its forms and only anew: a body naming an answer (a row's partitionKey, the
 * revoke payload) is refused before anything is read or written.
 */
const kioskWriter = (user: AuthUser, kiosk: KioskPrincipal, body: Body): AuthUser => {
  for (const r of body.data) requireKioskForm(user, r.surveyId);
  const amends = body.data.some((r) => r.partitionKey !== undefined) || body.items !== undefined || body.checkStatus !== undefined;
  if (amends) throw kioskForbidden();
  return kioskVisitor(kiosk);
};

/** Every row of one survey, the body's surveyId (when given) that one too. */
const oneSurveyOf = (body: Body): string => {
  const surveyId = (body.data[0] as AnswerRowInput).surveyId;
  const mixed: Issue[] = body.data.flatMap((r, n) =>
    r.surveyId === surveyId ? [] : [{ path: `data.${n}.surveyId`, message: `すべての行は同じ surveyId (${surveyId}) でなければなりません` }],
  );
  if (body.surveyId !== undefined && body.surveyId !== surveyId) mixed.push({ path: 'surveyId', message: `data の surveyId (${surveyId}) と異なります` });
  if (mixed.length > 0) throw badRequest(mixed);
  return surveyId;
};

export const putItem = async (deps: AnswerDeps, { body, user }: { body: Body; user: AuthUser }, commit: Commit<Answer>): Promise<Answer> => {
  const surveyId = oneSurveyOf(body);
  const writer = user.kiosk ? kioskWriter(user, user.kiosk, body) : user;
  const named = namedKeysOf(body);
  if ('issues' in named) throw badRequest(named.issues);

  const check = async (db: Db, stamped: StampedConfig | null): Promise<Checked> => {
    const checked = checkSubmission(
      stamped?.config ?? null,
      body,
      stamped ? await catalogueOf(db, stamped.config) : null,
      deps.features,
      stamped ? await categoryLookupFor(db, stamped.config, body.data) : () => null,
    );
    // Asked again with every config checked: the first check may have used an older copy.
    if (user.kiosk && kioskUnfitOf(checked.config)) throw kioskForbidden();
    return checked;
  };
  let checked = await deps.configs.get(deps.db, surveyId);
  let submission: Checked;
  try {
    submission = await check(deps.db, checked);
  } catch (e) {
    const fresh = checked && e instanceof Refusal ? await deps.configs.refresh(deps.db, surveyId) : checked;
    if (fresh?.stamp === checked?.stamp) throw e;
    checked = fresh;
    submission = await check(deps.db, checked);
  }
  const stamped = checked as StampedConfig;
  // A bed survey's stays claim nights through the bed calls; an answer here would book none, and
  // a chosen bed (select bed) is claimed only with a stay's nights.
  const bedItems = new Set(submission.config.surveySchema.filter((i) => i.type === 'selectBed').map((i) => i.itemKey));
  if (submission.config.surveyType === BED_SURVEY_TYPE || submission.rows.some((r) => bedItems.has(r.itemKey))) {
    throw refuse('bed_survey');
  }
  if (!user.kiosk && requiresMembership(submission.config) && !(await isMember(deps.db, submission.config.memberFormId, writer.userId))) {
    throw refuse('member_required');
  }
  const wanted = await readBeforeWrite(deps.db, { checked: stamped, keys: named.keys, rows: submission.rows });

  let released: string[] = [];
  const answer = await commit(async (trx) => {
    const written = await writeSubmission(trx, {
      checked: stamped,
      user: writer,
      rows: submission.rows,
      extras: submission.extras,
      keys: named.keys,
      recheck: async (t) => check(t, await deps.configs.refresh(t, surveyId)),
      wanted,
    });
    released = written.released;
    return {
      result: 'OK' as const,
      partitionKey: written.partitionKey,
      answercode: written.answerCode,
      type: written.type,
      data: written.stored,
      ...extrasFields(written.extras),
    };
  });
  await removeBlobs(deps.files, released, deps.log);
  return answer;
};
