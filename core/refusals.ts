/**
 * The one catalogue of refusals: each code names one text (the spec's Japanese where it gives one,
 * ours otherwise) and one HTTP status. The server raises refusals by code (`refuse`), the PWA reads
 * the same texts (src/messages/ja.ts), so a text lives here and nowhere else
 * (tests/core/refusals.test.ts). A code's wire name is what the client branches on: a code that
 * already named one text kept its name.
 */
import type { ErrorAnswer } from './contract/envelope';

export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503;

interface RefusalEntry {
  status: RefusalStatus;
  /** A fixed text, or one made of the refusal's parameters (each entry's own type is kept: `satisfies`). */
  text: string | ((p: never) => string);
}

/** A text that carries the refused field: "{path}: {message}". */
const atPath = (p: { path: string; message: string }) => `${p.path}: ${p.message}`;

export const REFUSALS = {
  // A request the client built wrong (route()'s schemas, input-guard.ts, the idempotency header).
  bad_request: { status: 400, text: atPath },
  malformed_json: { status: 400, text: (p: { reason: string }) => `body: JSON として読めません (${p.reason})` },
  json_too_deep: { status: 400, text: (p: { path: string; depth: number }) => `${p.path}: JSON の入れ子が深すぎます（${p.depth} 段まで）` },
  unusable_character: { status: 400, text: '入力できない文字が含まれています。' },
  payload_too_large: { status: 413, text: (p: { limit: number }) => `body: ${p.limit} bytes を超えています` },
  no_such_call: { status: 404, text: (p: { method: string; path: string }) => `no such call: ${p.method} ${p.path}` },
  not_found: { status: 404, text: 'Not Found' },
  internal: { status: 500, text: 'サーバーでエラーが発生しました。' },

  // Sign-in and kiosks (spec 01 §8: an expired token is LINE's 403 invalid_request).
  id_token_missing: { status: 401, text: 'IdToken is missing.' },
  unauthorized: { status: 401, text: 'IdToken is invalid.' },
  invalid_request: { status: 403, text: 'IdToken expired.' },
  rate_limited: { status: 429, text: '短時間に多くの送信があったため、受け付けられませんでした。しばらく待ってから、もう一度お試しください。' },
  login_failed: { status: 400, text: (p: { reason: string }) => `ログインできませんでした。もう一度やり直してください。(${p.reason})` },
  login_unavailable: { status: 503, text: 'ログインサーバーに接続できませんでした。しばらくしてからやり直してください。' },
  kiosk_code_invalid: { status: 400, text: 'この登録コードは無効か、有効期限が切れています。管理者に新しいコードを発行してもらってください。' },
  kiosk_revoked: { status: 401, text: 'この端末での受付は停止されています。受付の係員にお声がけください。' },
  kiosk_forbidden: { status: 403, text: 'この端末からは利用できません。' },

  // Staff accounts (issue 56; core/rules/staff.ts, server/staff/accounts.ts).
  password_too_short: { status: 400, text: 'パスワードは12文字以上にしてください。' },
  password_too_long: { status: 400, text: 'パスワードは256文字以内にしてください。' },
  password_common: { status: 400, text: 'よく使われるパスワードや推測しやすいパスワードは使えません。別のパスワードにしてください。' },
  password_personal: { status: 400, text: 'メールアドレスや氏名をパスワードに使うことはできません。' },
  staff_setup_link_invalid: {
    status: 400,
    text: 'この設定用リンクは使用済みか、有効期限（24時間）が切れています。管理者に新しいリンクを発行してもらってください。',
  },
  staff_totp_code_invalid: { status: 400, text: '確認コードが正しくありません。認証アプリに表示されている最新のコードを入力してください。' },
  staff_sign_in_failed: { status: 401, text: 'メールアドレス、パスワードまたは確認コードが正しくありません。' },
  staff_second_factor_required: { status: 401, text: '認証アプリの確認コード（6桁）またはリカバリーコードを入力するか、パスキーでサインインしてください。' },
  staff_locked: {
    status: 429,
    text: 'サインインに続けて失敗したため、アカウントを一時的にロックしました。15分ほどたってからもう一度お試しください。',
  },
  staff_disabled: { status: 403, text: 'このアカウントは停止されています。管理者にお問い合わせください。' },
  // Sign-in with the organisation's account (OIDC, server/routes/staff-oidc.ts): the callback sends
  // the browser to /admin/sign-in?error=<code>, where the console shows the text.
  staff_oidc_failed: {
    status: 401,
    text: '組織のアカウントでのサインインを完了できませんでした。もう一度「組織のアカウントでサインイン」からやり直してください。',
  },
  staff_oidc_no_account: {
    status: 403,
    text: 'この組織のアカウントに対応する職員アカウントがありません。管理者に職員アカウントの登録を依頼してください。',
  },
  staff_oidc_unavailable: { status: 503, text: '組織の認証サービスに接続できませんでした。しばらくしてからもう一度お試しください。' },
  staff_oidc_off: { status: 404, text: 'この環境では組織のアカウントでサインインできません。メールアドレスとパスワードでサインインしてください。' },
  // Passkeys (WebAuthn) as the second factor (server/staff/passkeys.ts).
  staff_passkey_invalid: { status: 400, text: 'パスキーを登録できませんでした。もう一度お試しください。' },
  staff_passkey_failed: {
    status: 401,
    text: 'パスキーで確認できませんでした。もう一度お試しいただくか、確認コードまたはリカバリーコードでサインインしてください。',
  },
  staff_passkey_none: { status: 400, text: 'このアカウントにはパスキーが登録されていません。確認コードまたはリカバリーコードを入力してください。' },
  // Staff sessions and their checks on every staff call (server/staff/guard.ts).
  staff_session_required: { status: 401, text: '職員としてサインインしてください。サインインの有効期限が切れた場合も、もう一度サインインしてください。' },
  staff_forbidden: { status: 403, text: 'この操作を行う権限がありません。' },
  staff_team_forbidden: { status: 403, text: '担当チームの帳票・カレンダーではないため、操作できません。' },
  staff_origin_refused: { status: 403, text: '別のサイトから送られた操作は受け付けられません。職員画面から操作してください。' },
  staff_network_forbidden: { status: 403, text: 'このネットワークからは職員画面を利用できません。' },
  /** A resident's write that asks for admin mode (spec 01 §6): a registrant name of its own, or isLiffMode false. */
  admin_mode_forbidden: { status: 403, text: 'この操作は職員としてサインインしたときだけ行えます。' },
  // Staff changing answers' statuses (core/rules/status-effects.ts, server/answers/staff-status.ts).
  status_not_settable: { status: 400, text: (p: { status: string }) => `「${p.status}」は職員が設定できない状態です。` },
  status_answer_not_found: { status: 404, text: (p: { partitionKey: string }) => `回答が見つかりません（${p.partitionKey}）。一覧を更新してからやり直してください。` },
  status_answer_ended: {
    status: 409,
    text: (p: { partitionKey: string; status: string }) => `「${p.status}」の回答は状態を変更できません（${p.partitionKey}）。`,
  },
  status_refund_unavailable: {
    status: 409,
    text: (p: { partitionKey: string }) => `決済済みの注文を返金できないため、キャンセルできません（${p.partitionKey}）。決済の設定と注文の状態をご確認ください。`,
  },
  status_refund_too_old: {
    status: 409,
    text: (p: { partitionKey: string }) => `決済から30日を過ぎているため、返金できずキャンセルできません（${p.partitionKey}）。`,
  },
  status_refund_failed: {
    status: 503,
    text: (p: { partitionKey: string }) => `決済会社で返金できなかったため、キャンセルしませんでした（${p.partitionKey}）。しばらくしてからやり直してください。`,
  },
  // The payments screen's refund (server/routes/staff-payments.ts): the money only, the answer stays as it is.
  payment_order_not_found: { status: 404, text: '注文が見つかりません。一覧を更新してからやり直してください。' },
  payment_refund_not_allowed: {
    status: 409,
    text: (p: { status: string }) => `「${p.status}」の注文は返金できません。返金できるのは「決済完了」と「与信済み」の注文だけです。`,
  },
  payment_refund_too_old: { status: 409, text: '決済から30日を過ぎているため、この画面からは返金できません。決済会社の管理画面で手続きしてください。' },
  payment_refund_unavailable: { status: 409, text: 'この注文は決済会社に返金を依頼できません。決済の設定と注文の状態をご確認ください。' },
  payment_refund_failed: { status: 503, text: '決済会社で返金できませんでした。返金はされていません。しばらくしてからやり直してください。' },
  // The day sheet (server/routes/staff-day-sheet.ts): a mark on a booking that is no longer on this calendar.
  booking_not_found: { status: 404, text: 'この予約は見つかりません。キャンセルされたか、別の日時に変更された可能性があります。' },

  // Writes and their keys (server/idempotency.ts).
  temporary_locked: { status: 409, text: '複数のリクエストが送信されました。予約が正しく行われているかご確認ください。' },
  idempotency_key_reused: { status: 422, text: 'この Idempotency-Key は別の内容の送信に使われています。' },

  // Build switches (server/features.ts): no spec text for a part that is switched off.
  members_off: { status: 403, text: '会員機能は現在ご利用いただけません。' },
  secure_files_off: { status: 403, text: '現在ファイルのアップロードを受け付けておりません。' },

  // Forms and answers.
  /** The original's text for a missing form; the PWA keys its 本帳票が無効 lines on it (spec 01 §8). */
  survey_not_found: { status: 404, text: 'no survey config.' },
  result_not_found: { status: 404, text: 'no survey result.' },
  invalid_answer: { status: 400, text: '入力内容を確認してください' },
  first_dose_missing: { status: 400, text: '1回目の接種が完了していない場合、2回目の接種の予約を実施できません。' },
  config_outdated: { status: 409, text: 'フォームが更新されました。画面を再読み込みしてください。' },
  not_editable: { status: 409, text: 'この回答は完了またはキャンセル済みのため変更できません。' },
  already_cancelled: { status: 409, text: 'この回答はすでにキャンセルされています。' },
  conflict: { status: 409, text: 'この回答は別の利用者に紐付いています。' },
  /** No text in the spec; worded after its cancel refusal. */
  edit_forbidden: { status: 403, text: '現在変更を受け付けておりません。' },
  /** Spec 01 §4, 02 §8: cancel while cancelling is not available. */
  cancel_forbidden: { status: 403, text: '現在キャンセルを受け付けておりません。' },
  admin_registered: { status: 403, text: '窓口で登録された回答のため、変更・キャンセルはできません。管理者へ直接ご連絡をお願い致します。' },
  /** Spec 01 §8: cancel deadline passed. */
  cancel_deadline_passed: { status: 403, text: '予約変更・キャンセルの期限を過ぎています。予約窓口へ直接ご連絡をお願い致します。' },
  reservation_only: { status: 403, text: '予約情報のみ変更できます。' },
  locked_item_changed: { status: 403, text: '変更できない項目が変更されています。' },
  /** Not in the spec: an answer to a members' form from a resident who is not a member. */
  member_required: { status: 403, text: 'この帳票は会員登録の後にご利用いただけます。' },
  /** Not in the spec: putItem for a bed survey, whose bookings go through the bed screens. */
  bed_survey: { status: 400, text: 'この帳票は入院予約の画面からお申し込みください。' },
  not_search_item: { status: 400, text: (p: { itemKey: string }) => `query.itemKey: ${p.itemKey} は検索項目ではありません` },
  invalid_page_key: { status: 400, text: 'query.lastEvaluatedKey: 不正なページ位置です' },

  // Reservations (spec 02 §3, §5, §8).
  /** core/rules/reservation-limits.ts: the per-day limit, or the one over the control range. */
  reservation_limit: {
    status: 409,
    text: (p: { per: 'day' | 'range' }) => (p.per === 'day' ? '1日に予約できる件数の上限に達しています。別の日を選んでください。' : '予約できる件数の上限に達しています。'),
  },
  quota_exceeded: { status: 409, text: '指定された日付・時間の枠は埋まっています。お手数ですが、他の日付・時間を選んでください。' },
  /** Spec 02 §8 (no bookable slot). */
  slot_unavailable: { status: 409, text: '現在予約可能な枠がありません' },
  /** Spec 02 §8 (calendar off). */
  calendar_off: { status: 409, text: '現在予約を受け付けておりません' },
  reservation_unknown: { status: 400, text: '予約内容が見つかりません。画面を再読み込みしてから選び直してください。' },
  calendar_not_found: { status: 404, text: 'no calendar.' },
  category_not_found: { status: 404, text: 'no category.' },
  not_reservation_item: { status: 400, text: (p: { itemKey: string }) => `body.itemKey: ${p.itemKey} は予約項目ではありません` },

  // Staff configuring slots (issue 58; core/rules/slot-edits.ts, server/slots/).
  calendar_stale: { status: 409, text: '他の職員がこのカレンダーを先に変更しました。最新の内容を読み込んでから、もう一度保存してください。' },
  slots_invalid: { status: 400, text: '枠の設定に誤りがあります。内容を確認してください。' },
  slots_csv_invalid: { status: 400, text: 'CSVに誤りがあるため、何も読み込んでいません。各行の内容を直してから、もう一度読み込んでください。' },
  slot_removal_held: { status: 409, text: (p: { day: string; slot: string }) => `${p.day} の枠 ${p.slot} には予約があるため削除できません。枠数を0にしてください。` },
  slots_changed_meanwhile: { status: 409, text: '確認している間に予約数が変わりました。もう一度内容を確認してから保存してください。' },

  // Payments (spec 02 §4, §8, §9).
  /** Spec 02 §8 payment not enabled: also what PAYMENT=0 answers for an order. */
  payment_off: { status: 400, text: '現在決済を受け付けておりません。' },
  appending_only: { status: 400, text: '決済機能は追加型帳票でのみ利用可能です。' },
  /** No text in the spec: a temporary answer is settled by its payment, not by the resident. */
  payment_pending: { status: 409, text: '決済が完了していないため、変更・キャンセルはできません。' },
  payment_cancelled: { status: 403, text: 'キャンセル済みの為変更はできません。管理者へ直接ご連絡をお願い致します。' },
  payment_cancel_expired: { status: 403, text: 'キャンセルの期限を過ぎています。管理者へ直接ご連絡をお願い致します。' },
  payment_required: { status: 400, text: 'お支払いが必要な注文です。決済画面から送ってください。' },
  payment_not_required: { status: 400, text: 'お支払いのない注文です。決済画面を通さずに送信してください。' },
  new_answer_only: { status: 400, text: '決済は新しい回答でのみ行えます。' },
  order_locked: { status: 403, text: '購入した商品は変更できません。' },
  order_not_taken: { status: 400, text: 'このフォームは商品の購入を受け付けていません。' },
  pay_type_not_offered: { status: 400, text: 'この支払い方法はご利用いただけません。' },
  product_not_found: { status: 400, text: '商品が見つかりません。' },
  /** The PWA's validator shows the same text with its `{limit}` placeholder. */
  purchase_limit: { status: 400, text: (p: { limit: number | string }) => `全体で${p.limit}個まで購入可能です。` },
  amount_mismatch: { status: 400, text: '金額が正しくありません。商品の価格または税率が変更された可能性があります。最初からやり直してください。' },
  tax_not_set: { status: 404, text: '税率が設定されていません。管理者にお問い合わせください。' },
  /** The order's pricing finds no tax setting (400, where the tax setting's own call answers 404). */
  order_tax_not_set: { status: 400, text: '税率が設定されていません。管理者にお問い合わせください。' },
  order_tax_not_found: { status: 400, text: '適用される税率が見つかりません。管理者にお問い合わせください。' },
  service_not_found: { status: 404, text: '決済サービスが見つかりません。' },
  /** The order names a service the form does not sell through (400, where the service's own call answers 404). */
  order_service_not_found: { status: 400, text: '決済サービスが見つかりません。' },
  payment_result_not_found: { status: 404, text: '決済情報が見つかりません。' },
  order_closed: { status: 409, text: 'この注文は受付を終了しています。最初からやり直してください。' },
  order_paid: { status: 409, text: 'この注文はお支払いが済んでいるため取り消せません。' },

  // Members (spec 01 §6).
  /** Spec 02 §8 / 01 §8 member row: a member form that cannot be found. */
  member_form_not_found: { status: 404, text: '帳票スキーマ見つけられません。管理者にお問い合わせください。' },
  saiban_exists: { status: 409, text: 'この会員番号は既に登録されています。' },
  /** Spec 02 §9 gives 7 digits and says nothing of what follows: refused, nothing written. */
  numbers_exhausted: { status: 409, text: '採番できる番号がありません。管理者にお問い合わせください。' },
  forbidden: { status: 403, text: 'この状態には変更できません。' },

  // Beds.
  bed_ward_not_found: { status: 404, text: 'no bed ward.' },
  bed_stay_not_found: { status: 404, text: 'no bed reservation.' },
  bed_already_cancelled: { status: 409, text: 'この予約はすでにキャンセルされているか、変更できません。' },
  /** Spec 02 §8. */
  deadline_passed: { status: 409, text: '予約のキャンセル・変更が可能な期限を過ぎています。' },
  bed_partition_key: { status: 400, text: 'data: 新しい予約に partitionKey は指定できません（変更は PUT）' },

  // Files (spec 02 §5, §8).
  file_not_found: { status: 404, text: 'ファイルが見つかりません。' },
  file_not_ready: { status: 409, text: 'ファイルの準備中です。数十秒後にもう一度画面を開き直してご確認ください。' },
  file_infected: { status: 409, text: 'ウイルス等の疑いがあるため、このファイルは利用できません。' },
  key_taken: { status: 409, text: 'この key は使われています。新しい key で送り直してください。' },
  // The transfer of a file's bytes (server/files/transfer.ts); the type and size texts are also the items' own.
  url_invalid: { status: 403, text: 'アップロード URL が無効か期限切れです。' },
  content_type_mismatch: { status: 400, text: (p: { type: string }) => `Content-Type は ${p.type} です` },
  file_refused: { status: 409, text: 'ウイルス等の疑いがあるため、このファイルは利用できません。' },
  empty_image: { status: 400, text: 'JPG、JPEG、PNG、HEIF の写真ファイルを選んでください' },
  empty_file: { status: 400, text: '50MB以下のjpg, jpeg, png, pdfファイルをアップロードしてください' },
  image_type: { status: 415, text: 'JPG、JPEG、PNG、HEIF の写真ファイルを選んでください' },
  file_type: { status: 415, text: '50MB以下のjpg, jpeg, png, pdfファイルをアップロードしてください' },
  image_too_large: { status: 413, text: '20MB 以下のファイルを選んでください' },
  file_too_large: { status: 413, text: '50MB以下のjpg, jpeg, png, pdfファイルをアップロードしてください' },
  size_mismatch: { status: 400, text: (p: { size: number | null }) => `ファイルの大きさが申告 (${p.size} bytes) と違います` },
  /** Not in the spec: an upload over the resident's allowance (the server's FILE_QUOTA_MB in any 24 hours). */
  file_quota: { status: 413, text: 'アップロードできるファイルの容量の上限（24時間あたり）に達しました。時間をおいてからもう一度お試しください。' },

  // Places and maps.
  /** Spec 02 §8 "search error". */
  facility_search_invalid: { status: 400, text: '入力内容を確認してください。' },
  /** Ours: no provider configured (production without GOOGLE_MAPS_API_KEY). */
  places_off: { status: 503, text: '現在施設検索を利用できません。' },
  places_error: { status: 503, text: '入力内容を確認してください。' },
  /** Ours: the address could not be read (service error, or none configured). */
  geocode_off: { status: 503, text: '住所を取得できませんでした。地図で位置を選び直してください。' },
  geocode_error: { status: 503, text: '住所を取得できませんでした。地図で位置を選び直してください。' },

  // Staff editing a form's config (issue 58; server/forms/save-config.ts, server/routes/staff-forms.ts).
  form_stale: { status: 409, text: '他の職員がこの帳票を先に変更しました。最新の内容を読み込んでから、もう一度保存してください。' },
  form_invalid: { status: 400, text: '帳票の設定に誤りがあるため、保存していません。各項目の内容を直してから、もう一度保存してください。' },
  form_version_not_found: { status: 404, text: 'この版は見つかりません。' },
  // Staff configuring a calendar's settings and categories (issue 58; core/rules/calendar-settings.ts).
  calendar_settings_invalid: { status: 400, text: 'カレンダーの設定に誤りがあります。内容を確認してください。' },
  coma_removal_held: { status: 409, text: (p: { slot: string }) => `枠 ${p.slot} には今日以降の予約があるため削除できません。` },
  category_in_use: { status: 409, text: '予約で使われているため削除できません。住民に表示しない場合は「非表示」にしてください。' },
  category_edit_missing: { status: 404, text: 'この分類・予約項目は見つかりません。最新の内容を読み込んでください。' },
  category_too_deep: { status: 400, text: '分類は大分類・中分類・小分類の3階層までです。' },
  category_order_changed: { status: 409, text: '他の職員が並びを変更しました。最新の内容を読み込んでから、もう一度並べ替えてください。' },
  bed_ward_stale: { status: 409, text: '他の職員がこの病棟の設定を先に変更しました。最新の内容を読み込んでから、もう一度保存してください。' },
  bed_ward_invalid: { status: 400, text: '病棟の設定に誤りがあります。内容を確認してください。' },
  category_name_invalid: { status: 400, text: (p: { max: number }) => `分類・予約項目の名前は1〜${p.max}文字にしてください。` },
  // Catalogue configuration in the console (issue 58): kiosks, staff and teams, members, products.
  kiosk_forms_unknown: { status: 400, text: (p: { forms: string }) => `次のフォームはありません。何も登録していません：${p.forms}` },
  kiosk_forms_unfit: { status: 400, text: (p: { forms: string }) => `次のフォームは受付端末では使えません。何も登録していません：${p.forms}` },
  kiosk_not_found: { status: 404, text: 'その名前の受付端末はありません。' },
  staff_account_exists: { status: 409, text: 'このメールアドレスの職員はすでに登録されています。' },
  staff_account_not_found: { status: 404, text: 'その職員は登録されていません。' },
  /** Ours: the console always keeps an admin who can manage staff (core/rules/staff.ts removesLastAdmin). */
  staff_last_admin: { status: 409, text: 'ほかに有効な管理者がいないため、最後の管理者を停止したり、管理者以外の役割に変えたりすることはできません。' },
  member_number_lowered: { status: 409, text: (p: { floor: number }) => `最終番号（lastResultNumber）は ${p.floor} より小さくできません。番号は一度使うと戻せないため、${p.floor} 以上にしてください。` },
  config_invalid: { status: 400, text: '設定に誤りがあるため、保存していません。各項目を直してから、もう一度保存してください。' },
  config_stale: { status: 409, text: '他の職員がこの設定を先に変更しました。最新の内容を読み込んでから、もう一度保存してください。' },
  tax_rate_past: { status: 409, text: (p: { today: string }) => `適用日が ${p.today} 以前の税率は変更・追加できません。すでにその税率で注文を受け付けているためです。明日以降の適用日を指定してください。` },
  tax_setting_missing: { status: 409, text: '税の設定がまだ取り込まれていません。先に取り込みで taxSetting を設定してください。' },
  team_target_unknown: { status: 400, text: (p: { targets: string }) => `次のフォーム・カレンダーはありません。何も変更していません：${p.targets}` },
  /** A ward's beds edited in the console (issue 58): a bed a stay holds from today on stays. */
  bed_removal_claimed: { status: 409, text: (p: { bed: string }) => `${p.bed} は今日以降の入院予約で使われているため削除できません。何も保存していません。` },
} as const satisfies Record<string, RefusalEntry>;

export type RefusalCode = keyof typeof REFUSALS;

/**
 * 400s for a request the client should not have sent (each once answered as bad_request): their
 * texts are notes for a developer, or a field's own shown on the item, none to show a resident alone.
 */
export const MALFORMED_REQUEST_CODES: ReadonlySet<string> = new Set<RefusalCode>([
  'bad_request',
  'malformed_json',
  'json_too_deep',
  'unusable_character',
  'not_search_item',
  'invalid_page_key',
  'not_reservation_item',
  'new_answer_only',
  'order_not_taken',
  'order_service_not_found',
  'product_not_found',
  'pay_type_not_offered',
  'bed_partition_key',
  'facility_search_invalid',
]);

/** A code's parameters: what its text function takes, or undefined for a fixed text. */
export type RefusalParams<C extends RefusalCode> = (typeof REFUSALS)[C]['text'] extends (p: infer P) => string ? P : undefined;

/** The envelope's extras a refusal may carry beside its code and text. */
export type RefusalExtra = Partial<Pick<ErrorAnswer, 'issues' | 'needRefresh' | 'itemIssues' | 'retryable' | 'checkDetail'>>;

type ParamsArg<C extends RefusalCode> = RefusalParams<C> extends undefined ? [params?: undefined] : [params: RefusalParams<C>];
type RefusalArgs<C extends RefusalCode> = RefusalParams<C> extends undefined ? [params?: undefined, extra?: RefusalExtra] : [params: RefusalParams<C>, extra?: RefusalExtra];

/** The text of a refusal code, with its parameters where it has any. */
export const refusalText = <C extends RefusalCode>(code: C, ...[params]: ParamsArg<C>): string => {
  const text: RefusalEntry['text'] = REFUSALS[code].text;
  return typeof text === 'function' ? (text as (p: unknown) => string)(params) : text;
};

/**
 * A refusal: the server's error handler answers it as the error envelope with its status, and an
 * idempotent write stores that envelope as the key's answer. No I/O, no HTTP: a write raises it
 * wherever it decides.
 */
export class Refusal<C extends RefusalCode = RefusalCode> extends Error {
  readonly code: C;
  readonly status: RefusalStatus;
  readonly issues?: ErrorAnswer['issues'];
  readonly itemIssues?: ErrorAnswer['itemIssues'];
  readonly needRefresh?: boolean;
  readonly retryable?: boolean;
  readonly checkDetail?: string | null;

  constructor(code: C, ...args: RefusalArgs<C>) {
    const [params, extra = {}] = args as [unknown, RefusalExtra?];
    super((refusalText as (c: RefusalCode, p: unknown) => string)(code, params));
    this.name = 'Refusal';
    this.code = code;
    this.status = REFUSALS[code].status;
    this.issues = extra.issues;
    this.itemIssues = extra.itemIssues;
    this.needRefresh = extra.needRefresh;
    this.retryable = extra.retryable;
    this.checkDetail = extra.checkDetail;
  }

  /** The envelope's extras this refusal carries (those set only). */
  get extra(): RefusalExtra {
    const out: RefusalExtra = {};
    if (this.issues !== undefined) out.issues = this.issues;
    if (this.itemIssues !== undefined) out.itemIssues = this.itemIssues;
    if (this.needRefresh !== undefined) out.needRefresh = this.needRefresh;
    if (this.retryable !== undefined) out.retryable = this.retryable;
    if (this.checkDetail !== undefined) out.checkDetail = this.checkDetail;
    return out;
  }
}

/** A refusal to throw: `throw refuse('quota_exceeded')`, `throw refuse('bad_request', { path, message }, { issues })`. */
export const refuse = <C extends RefusalCode>(code: C, ...args: RefusalArgs<C>): Refusal => new Refusal<C>(code, ...args);
