/**
 * The columns of a survey_results row an operator entered at the counter (type 'admin'), owned by
 * nobody until a resident claims it through putUserId; member_results adds original_value.
 */
export const counterRowColumns = (surveyId: string, now: string) => ({
  survey_id: surveyId,
  user_id: '',
  title: '',
  type: 'admin',
  check_status: '未対応',
  user_search_key: null,
  is_liff_mode: 0,
  registrant_name: '窓口',
  user_name: null,
  clinic_attributes: null,
  answer_code: null,
  is_appending: 0,
  status: null,
  created_at: now,
  updated_at: now,
});
