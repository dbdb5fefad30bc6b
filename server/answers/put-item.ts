/**
 * putItem (spec 01 §7): one function for the route to call. Who the answer is written as (a kiosk
 * writes a new visitor of its own), the rows checked against the form as this process last read
 * it (confirmed inside the transaction: a refusal stands only if the stored config refuses too),
 * the forms this call does not take (bed surveys, members' forms for non-members), then the write
 * (write/write-submission.ts) in the request's one commit, and the blobs it no longer names
 * removed once it has committed. The office's registration in admin mode (office.ts) is this
 * same write with its own writer, mode and registrant (writeAnswer).
 */
import type { Kysely, Transaction } from 'kysely';
import type { AnswerIn, ParsedRequestOf } from '@core/contract/define';
import type { surveyResultsPutItem } from '@core/contract/survey';
import { BED_SURVEY_TYPE } from '@core/form/survey-config';
import { requiresMembership } from '@core/rules/membership';
import { Refusal, refuse } from '@core/refusals';
import type { Features } from '@core/rules/features';
import type { Mode } from '@core/items/define';
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
import { queueLineMessages, type LineOutbox } from '../line/outbox';
import { badRequest, checkSubmission, oneSurveyOf, type Checked } from './check';
import { removeBlobs } from './files';
import { namedKeysOf } from './partition-key';
import { readBeforeWrite } from './write/read-before';
import { writeSubmission } from './write/write-submission';
import type { OfficeEntry } from './write/rows';
import type { Written } from './write/submission';

type Db = Kysely<Database> | Transaction<Database>;
type Body = ParsedRequestOf<typeof surveyResultsPutItem>['body'];
type Answer = AnswerIn<typeof surveyResultsPutItem>;

export interface AnswerDeps {
  db: Kysely<Database>;
  configs: ConfigCache;
  features: Features;
  files: FileStorage;
  log: Logger;
  /** LINE messages to the resident (null: off). */
  outbox: LineOutbox | null;
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

/** Who an answer is written as, and how (a resident's or a kiosk's putItem, or the office's). */
export interface AnswerWriter {
  /** The answer's owner. */
  user: AuthUser;
  /** The caller is a kiosk: only forms a kiosk takes, checked against every config read. */
  kiosk: boolean;
  mode: Mode;
  /** The office's registration: its registrant, and what it records in the write's transaction (last). */
  office?: OfficeEntry & { recorded: (trx: Transaction<Database>, written: Written) => Promise<unknown> };
}

export const putItem = async (deps: AnswerDeps, { body, user }: { body: Body; user: AuthUser }, commit: Commit<Answer>): Promise<Answer> => {
  oneSurveyOf(body);
  const writer = user.kiosk ? kioskWriter(user, user.kiosk, body) : user;
  return writeAnswer(deps, body, { user: writer, kiosk: user.kiosk !== undefined, mode: 'user' }, commit);
};

export const writeAnswer = async (deps: AnswerDeps, body: Body, as: AnswerWriter, commit: Commit<Answer>): Promise<Answer> => {
  const surveyId = oneSurveyOf(body);
  const writer = as.user;
  const named = namedKeysOf(body);
  if ('issues' in named) throw badRequest(named.issues);

  const check = async (db: Db, stamped: StampedConfig | null): Promise<Checked> => {
    const checked = checkSubmission(
      stamped?.config ?? null,
      body,
      stamped ? await catalogueOf(db, stamped.config) : null,
      deps.features,
      stamped ? await categoryLookupFor(db, stamped.config, body.data) : () => null,
      as.mode,
    );
    // Asked again with every config checked: the first check may have used an older copy.
    if (as.kiosk && kioskUnfitOf(checked.config)) throw kioskForbidden();
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
  // A kiosk's visitor and the office's walk-in are nobody's member: the form's own staff let them in.
  if (!as.kiosk && !as.office && requiresMembership(submission.config) && !(await isMember(deps.db, submission.config.memberFormId, writer.userId))) {
    throw refuse('member_required');
  }
  const wanted = await readBeforeWrite(deps.db, { checked: stamped, keys: named.keys, rows: submission.rows });

  let released: string[] = [];
  const answer = await commit(async (trx) => {
    const written = await writeSubmission(trx, {
      checked: stamped,
      user: writer,
      office: as.office ? { registrantName: as.office.registrantName } : null,
      rows: submission.rows,
      extras: submission.extras,
      keys: named.keys,
      recheck: async (t) => check(t, await deps.configs.refresh(t, surveyId)),
      wanted,
    });
    released = written.released;
    if (as.office) await as.office.recorded(trx, written);
    await queueLineMessages(
      trx,
      deps.outbox,
      { surveyId, userId: writer.userId, partitionKey: written.partitionKey },
      { kind: 'written', type: written.type, hadBooking: written.hadBooking },
      { replaced: written.replaced, config: stamped.config },
    );
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
