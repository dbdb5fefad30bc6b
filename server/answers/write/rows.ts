/** The answer's rows as stored: a pure step, one literal per row. */
import type { Selectable } from 'kysely';
import type { AnswerRowInput } from '@core/contract/survey';
import type { SchemaItem, ServedSurveyConfig } from '@core/form/survey-config';
import type { CheckStatus } from '@core/contract/result-rows';
import type { AuthUser } from '../../auth/verify';
import type { SurveyResultTable } from '../../store/schema';
import { searchKeyColumn } from '../../store/search-key';
import { sortKeyOf } from '../rules';

/** Spec 01 §3: the generic chat-user label stored when the form names no registrant. */
export const DEFAULT_REGISTRANT_NAME = 'LINEユーザー';

/** An answer the office registers (spec 01 §6): the staff member's name, never the body's. */
export interface OfficeEntry {
  registrantName: string;
}

export const rowsToStore = (a: {
  config: ServedSurveyConfig;
  rows: readonly AnswerRowInput[];
  partitionKey: string;
  user: Pick<AuthUser, 'userId' | 'name'>;
  appending: boolean;
  answerCode: string | null;
  createdAt: string;
  now: string;
  status: string | null;
  /** Set for the office's registration; a resident's answer always has the default registrant. */
  office: OfficeEntry | null;
  /** 未対応 for a new answer, 変更あり for a resident's change of a stored one (write-submission.ts). */
  check: CheckStatus;
}): Selectable<SurveyResultTable>[] => {
  const items = new Map(a.config.surveySchema.map((i) => [i.itemKey, i]));
  const registrantName = a.office?.registrantName ?? DEFAULT_REGISTRANT_NAME;
  // Spec 01 §3: type "liff" and isLiffMode for a resident's submission; the office's is neither.
  const type = a.office ? 'admin' : 'liff';
  const isLiffMode = a.office ? 0 : 1;
  // Each row one literal: a row spread into another with more fields (`{ ...r, k: v }`) gets a
  // hidden class of its own from V8 on every run, which stays in the old generation until a major GC.
  return a.rows.map((r) => {
    const item = items.get(r.itemKey) as SchemaItem;
    return {
      partition_key: a.partitionKey,
      sort_key: sortKeyOf(item, r),
      survey_id: a.config.surveyId,
      user_id: a.user.userId,
      item_key: r.itemKey,
      value: r.value,
      // The form's own title wins: what the office reads must be the question that was asked.
      title: item.title || r.title || '',
      type,
      check_status: a.check,
      user_search_key: null,
      is_liff_mode: isLiffMode,
      registrant_name: registrantName,
      // At a kiosk, the kiosk's name (auth/kiosk.ts kioskVisitor): the answer keeps where it was given.
      user_name: a.user.name ?? null,
      clinic_attributes: r.clinicAttributes ?? null,
      is_appending: a.appending ? 1 : 0,
      status: a.status,
      answer_code: a.answerCode,
      created_at: a.createdAt,
      updated_at: a.now,
      search_key: searchKeyColumn(r.value, item.type),
    };
  });
};
