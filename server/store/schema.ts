/**
 * The tables, as Kysely sees them. One shape for both engines: text for JSON and timestamps
 * (ISO-8601 UTC instants), integers for counters and booleans (0/1), so the same queries run on
 * SQLite and PostgreSQL.
 */
import type { Generated } from 'kysely';

export interface SurveyConfigTable {
  survey_id: string;
  /** Bumped when an import changes the config; a client with an older one gets needRefresh. */
  version: number;
  /** SHA-256 of the canonical JSON, so re-importing the same config changes nothing. */
  config_hash: string;
  config_json: string;
  title: string;
  status: string;
  created_at: string;
  updated_at: string;
}

/** The columns an answer row and a member record share. */
export interface ResultRowColumns {
  partition_key: string;
  sort_key: string;
  survey_id: string;
  user_id: string;
  item_key: string;
  value: string;
  title: string;
  type: string;
  check_status: string;
  user_search_key: string | null;
  is_liff_mode: number;
  registrant_name: string;
  user_name: string | null;
  clinic_attributes: string | null;
  answer_code: string | null;
  is_appending: number;
  status: string | null;
  created_at: string;
  updated_at: string;
}

export interface SurveyResultTable extends ResultRowColumns {
  /** The value's folded search key for its item's type (store/search-key.ts); null when too long. */
  search_key: string | null;
}

/** Counters claimed inside the write's transaction (revisions, residents, SQLite's answer codes). */
export interface CounterTable {
  scope: string;
  name: string;
  value: number;
}

/**
 * Idempotency keys of writes (server/idempotency.ts). One row per (user, key): the answer of the
 * request that took the key, inserted in the same transaction as its effect.
 */
export interface IdempotencyKeyTable {
  user_id: string;
  idem_key: string;
  /** SHA-256 of the request (method, path, params, query, body): same key + other request → 422. */
  request_hash: string;
  /** Always set since migration 0005; the columns were made when a row could be a claim without an answer. */
  status_code: number | null;
  answer_json: string | null;
  created_at: string;
  /** Purged after this instant (at least 7 days after the answer). */
  expires_at: string;
}

export interface CalendarTable {
  calendar_id: string;
  sort_key: string;
  /** calendarSchema of core/contract/calendars.ts, as imported. */
  config_json: string;
  updated_at: string;
  /** Bumped by each console save of its slots (migration 0035): a save names the version it saw. */
  version: Generated<number>;
}

/** A category as the import writes it and the reads answer it. */
export interface CategoryRow {
  category_id: string;
  parent_id: string | null;
  name: string;
  /** 1 large, 2 medium, 3 small. */
  level: number;
  sort_order: number;
  calendar_id: string | null;
  tag1: string;
  tag2: string | null;
  tag3: string | null;
}

export interface CategoryTable extends CategoryRow {
  /** 1: not offered to residents (migration 0037); set on a node and every node under it. */
  hidden: Generated<number>;
}

export interface ItemRow {
  category_id: string;
  item_id: string;
  item_name: string;
  cost: number;
  sort_order: number;
}

export interface ReservationItemTable extends ItemRow {
  /** 1: not offered to residents (migration 0037); bookings of it keep its name. */
  hidden: Generated<number>;
}

export interface SlotTable {
  calendar_id: string;
  /** YYYY-MM-DD */
  day: string;
  /** A key of the calendar's comaList. */
  slot: string;
  quota: number;
  /** Sum of the costs of the live reservations (table reservations) on this slot. */
  reserved: number;
}

export interface DayOffTable {
  calendar_id: string;
  day: string;
}

/** A live reservation: an answer's reservation item holding a slot (see migration 0003). */
export interface ReservationTable {
  partition_key: string;
  item_key: string;
  survey_id: string;
  user_id: string;
  calendar_id: string;
  category_id: string;
  item_id: string;
  day: string;
  slot: string;
  cost: number;
  created_at: string;
}

/** putItem's subData and order, kept beside the answer's rows (see migration 0006). */
export interface AnswerExtrasTable {
  partition_key: string;
  survey_id: string;
  user_id: string;
  /** SubDataRow[] (core/contract/survey.ts) as JSON; null when none. */
  sub_data_json: string | null;
  /** PaymentOrder (core/contract/payment.ts) as JSON; null when none. */
  order_json: string | null;
  updated_at: string;
}

export interface CalendarSettingTable {
  name: string;
  value_json: string;
}

/** A kiosk tablet (migration 0006, server/store/kiosks.ts). Codes and tokens only as SHA-256 hex. */
export interface KioskTable {
  id: string;
  name: string;
  /** JSON list of surveyIds. */
  forms: string;
  /** null: the server's KIOSK_IDLE_SECONDS. */
  idle_seconds: number | null;
  /** The pending one-time enrolment code, until used or replaced. */
  enrol_code_hash: string | null;
  enrol_expires_at: string | null;
  /** The credential's hash; null until the first enrolment (and after a revoked kiosk is enrolled again). */
  token_hash: string | null;
  created_at: string;
  enrolled_at: string | null;
  revoked_at: string | null;
}

/** A payment service of the catalogue (migration 0010): PaymentService without products, as JSON. */
export interface PaymentServiceTable {
  service_id: string;
  service_sort_key: string;
  service_json: string;
  updated_at: string;
}

/** A product of a service; reservation_category_id is its reservationPaymentItemId's category. */
export interface PaymentProductTable {
  service_id: string;
  product_id: string;
  sort_order: number;
  reservation_category_id: string | null;
  product_json: string;
}

/**
 * An order opened by a temporary save (server/payments/). phase: pending (waiting for the
 * provider), paid, failed (NG or cancel: its hold given back), expired (hold given back unpaid).
 * status: the spec's payment status (0 completed, 3 credit authorised…), null until paid.
 */
export interface PaymentOrderTable {
  order_id: string;
  survey_id: string;
  partition_key: string;
  user_id: string;
  phase: string;
  status: number | null;
  amount_with_tax: number;
  /** order_json's payMethod, for the console's filter (migration 0032); null when the order names none. */
  pay_method: string | null;
  /** PaymentOrder as the server computed it. */
  order_json: string;
  /** The provider's notification as received (field → value), once one was accepted. */
  result_json: string | null;
  /** The temporary answer's slots are held until this instant, then given back if unpaid. */
  hold_until: string;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  canceled_at: string | null;
}

/** A member form's config (migration 0012): MemberConfig (core/contract/member.ts) as JSON. */
export type MemberConfigTable = SurveyConfigTable;

/** Every saved version of a survey config (console or import; server/forms/save-config.ts). */
export interface FormVersionTable {
  survey_id: string;
  version: number;
  config_json: string;
  /** The staff member who saved it; null for the bundle import. */
  saved_by: string | null;
  saved_at: string;
  note: string | null;
}

/** A member record's row: a result row plus the member number it was stored with (original_value). */
export interface MemberResultTable extends ResultRowColumns {
  original_value: string | null;
}

/** A member number given in a member form (manual or automatic); never deleted on cancel. */
export interface MemberNumberTable {
  survey_id: string;
  saiban: string;
  partition_key: string;
  created_at: string;
}

export interface BedWardTable {
  survey_id: string;
  /** [{ bedId, bedName }] */
  beds_json: string;
  reservation_possible_start: number;
  reservation_cancel_limit: number;
  /** Bumped by each console save and each import that changes it (migration 0037). */
  version: Generated<number>;
}

/** One night of a ward: beds set for it and beds taken. */
export interface BedNightTable {
  survey_id: string;
  night: string;
  capacity: number;
  reserved: Generated<number>;
}

export interface BedStayTable {
  partition_key: string;
  survey_id: string;
  user_id: string;
  start_date: string;
  end_date: string;
  start_session: string;
  end_session: string;
  check_status: string;
  /** [{ itemKey, value, title }] of the form's items. */
  fields_json: string;
  created_at: string;
  updated_at: string;
}

/** One night of a chosen bed, held by one stay (select bed). */
export interface BedClaimTable {
  survey_id: string;
  bed_id: string;
  night: string;
  partition_key: string;
}

/** An uploaded file and where its scan stands (server/files/pipeline.ts). */
export interface FileTable {
  file_id: string;
  user_id: string;
  /** 'image' (image item, key answers/{uuid}) or 'secure' (secure file item). */
  kind: string;
  item_key: string | null;
  name: string;
  content_type: string;
  /** Declared at creation (secure files); the bytes received (images). */
  size: number | null;
  /** One of SECURE_FILE_STATUSES. */
  status: string;
  /** The stored blob's name: quarantined until Completed, then the encrypted one. */
  blob_ref: string | null;
  claim: string | null;
  lease_until: string | null;
  /** Why a file ended Infected or Error (signature name, scanner failure). */
  reason: string | null;
  uploaded_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A staff account (migration 0019, server/staff/). */
export interface StaffTable {
  id: string;
  /** NFKC, lower case: one account per address whatever its case. */
  email: string;
  name: string;
  /** One of STAFF_ROLES (core/rules/staff.ts). */
  role: string;
  /** JSON list of team names. */
  teams: string;
  /** argon2id (PHC string); null until set through the set-up link. */
  password_hash: string | null;
  /** Base32 TOTP secret; null until enrolled. */
  totp_secret: string | null;
  /** The last TOTP time step accepted: a code of it or an earlier step is refused. */
  totp_last_step: number | null;
  /** JSON list of SHA-256 hashes of the recovery codes not yet used. */
  recovery_code_hashes: string;
  disabled_at: string | null;
  /** Failed sign-ins since the last success or lock. */
  failed_count: number;
  locked_until: string | null;
  created_at: string;
  updated_at: string;
  /** The OIDC issuer and subject this account signs in as (migration 0022); null until its first OIDC sign-in. */
  oidc_issuer: string | null;
  oidc_subject: string | null;
}

/** A staff OIDC sign-in under way (migration 0022): what the callback checks, kept 10 minutes, used once. */
export interface StaffOidcFlowTable {
  state_hash: string;
  browser_hash: string;
  nonce: string;
  code_verifier: string;
  return_to: string;
  created_at: string;
  expires_at: string;
}

/** A one-time set-up link's token, as SHA-256. */
export interface StaffSetupTokenTable {
  token_hash: string;
  staff_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A console session; id is the SHA-256 of the cookie's token. */
/** Which team holds which form or calendar (migration 0021). */
export interface TeamTargetTable {
  team: string;
  target_kind: 'survey' | 'calendar';
  target_id: string;
}

export interface StaffSessionTable {
  id: string;
  staff_id: string;
  created_at: string;
  last_seen_at: string;
  idle_expires_at: string;
  expires_at: string;
}

/** A staff member's passkey (WebAuthn credential, migration 0024, server/staff/passkeys.ts). */
export interface StaffPasskeyTable {
  /** base64url, as the authenticator made it. */
  credential_id: string;
  staff_id: string;
  /** COSE public key, base64url. */
  public_key: string;
  /** The signature counter last seen; a bigint, read back as a string on PostgreSQL. */
  sign_count: number | string;
  /** JSON list of transports. */
  transports: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** A WebAuthn challenge handed out and not yet answered; used once (deleted), 5 minutes at most. */
export interface WebauthnChallengeTable {
  /** SHA-256 of the challenge's base64url text. */
  challenge_hash: string;
  staff_id: string;
  purpose: 'register' | 'authenticate';
  created_at: string;
  expires_at: string;
}

/**
 * The staff side's audit trail (server/audit/): append-only, hash-chained in seq order. The JSON
 * columns hold canonical JSON, and the hash is taken over the columns as stored.
 */
export interface AuditLogTable {
  /** The chain's order, from the `counters` row (scope 'audit'); a bigint, read back as a string on PostgreSQL. */
  seq: number | string;
  /** ISO-8601 UTC instant. */
  at: string;
  /** 'staff' | 'system' | 'resident'. */
  actor_kind: string;
  actor_id: string;
  /** A code such as 'staff.sign_in', 'answer.read', 'export.csv'. */
  action: string;
  target_kind: string | null;
  /** JSON list of the records' keys (partition keys, survey ids, staff ids). */
  target_ids_json: string;
  /** 'ok' | 'refused'. */
  outcome: string;
  from_ip: string | null;
  from_agent: string | null;
  detail_json: string;
  /** The previous row's hash; the chain's first row has GENESIS_HASH (server/audit/hash.ts). */
  prev_hash: string;
  hash: string;
}

/** One change in an answer's history (server/store/answer-events.ts). */
export interface AnswerEventTable {
  id: string;
  partition_key: string;
  /** ISO-8601 UTC instant. */
  at: string;
  /** 'staff' | 'resident' | 'system'. */
  actor_kind: string;
  /** The staff account id, the resident's user id, or the system's job name. */
  actor_id: string;
  actor_name: string | null;
  /** 'status' (from → to a check status). */
  kind: string;
  from_value: string | null;
  to_value: string | null;
  note: string | null;
}

/** A refund a status change made (server/payments/refund.ts): one per order, ever. */
export interface PaymentRefundTable {
  order_id: string;
  /** The provider's id of the settled payment the refund names. */
  tracking_id: string;
  partition_key: string;
  amount_with_tax: number;
  /** The provider's id of the refund. */
  refund_id: string;
  actor_id: string;
  at: string;
}

/** A booking's arrival mark at the counter (migration 0026), for the day and slot it was made on. */
export interface ArrivalTable {
  partition_key: string;
  item_key: string;
  calendar_id: string;
  day: string;
  slot: string;
  mark: string;
  marked_at: string;
  staff_id: string;
}

/** A job of the queue (server/jobs/): queued, running under a lease, done or failed for good. */
export interface JobTable {
  id: string;
  name: string;
  /** Enqueueing the same key again adds nothing while this row is kept. */
  unique_key: string | null;
  payload_json: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  run_at: string;
  attempts: number;
  max_attempts: number;
  lease_owner: string | null;
  lease_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

/** Writes counted in one fixed window of one key (server/rate-limit.ts). */
export interface RateWindowTable {
  rate_key: string;
  window_start: string;
  hits: number;
  expires_at: string;
}

/**
 * One LINE message to a resident, its delivery ledger (server/line/): queued until its job sends
 * it, then sent (LINE's request id), failed (why) or void (its booking moved or was cancelled).
 * The id is the send's X-Line-Retry-Key.
 */
export interface LineMessageTable {
  id: string;
  survey_id: string;
  partition_key: string;
  user_id: string;
  kind: string;
  due_at: string;
  state: 'queued' | 'sent' | 'failed' | 'void';
  /** The message as rendered when it was queued (a changed booking queues a new one). */
  message_json: string;
  request_id: string | null;
  reason: string | null;
  created_at: string;
  updated_at: string;
}

export interface Database {
  survey_configs: SurveyConfigTable;
  survey_results: SurveyResultTable;
  counters: CounterTable;
  idempotency_keys: IdempotencyKeyTable;
  calendars: CalendarTable;
  categories: CategoryTable;
  reservation_items: ReservationItemTable;
  slots: SlotTable;
  day_offs: DayOffTable;
  reservations: ReservationTable;
  calendar_settings: CalendarSettingTable;
  kiosks: KioskTable;
  answer_extras: AnswerExtrasTable;
  payment_services: PaymentServiceTable;
  payment_products: PaymentProductTable;
  payment_orders: PaymentOrderTable;
  member_configs: MemberConfigTable;
  member_results: MemberResultTable;
  member_numbers: MemberNumberTable;
  bed_wards: BedWardTable;
  bed_nights: BedNightTable;
  bed_stays: BedStayTable;
  bed_claims: BedClaimTable;
  files: FileTable;
  staff: StaffTable;
  staff_setup_tokens: StaffSetupTokenTable;
  staff_sessions: StaffSessionTable;
  audit_log: AuditLogTable;
  team_targets: TeamTargetTable;
  staff_oidc_flows: StaffOidcFlowTable;
  answer_events: AnswerEventTable;
  payment_refunds: PaymentRefundTable;
  staff_passkeys: StaffPasskeyTable;
  webauthn_challenges: WebauthnChallengeTable;
  arrivals: ArrivalTable;
  form_versions: FormVersionTable;
  jobs: JobTable;
  rate_windows: RateWindowTable;
  line_messages: LineMessageTable;
}
