/**
 * Versioned migrations, run at every start (Kysely's Migrator records what ran). Add a new entry
 * for every change; never edit one that has shipped, except to empty one whose every effect a
 * later entry undoes (0009, 0011, 0015: 0017 drops their functions).
 */
import { SqliteAdapter, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { backfillSearchKeys } from './search-key';

const migrations: Record<string, Migration> = {
  '0001_surveys_and_results': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('survey_configs')
        .addColumn('survey_id', 'text', (c) => c.primaryKey())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('config_hash', 'text', (c) => c.notNull())
        .addColumn('config_json', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('survey_results')
        .addColumn('partition_key', 'text', (c) => c.notNull())
        .addColumn('sort_key', 'text', (c) => c.notNull())
        .addColumn('survey_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('item_key', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('check_status', 'text', (c) => c.notNull())
        .addColumn('user_search_key', 'text')
        .addColumn('is_liff_mode', 'integer', (c) => c.notNull())
        .addColumn('registrant_name', 'text', (c) => c.notNull())
        .addColumn('user_name', 'text')
        .addColumn('clinic_attributes', 'text')
        .addColumn('answer_code', 'text')
        .addColumn('is_appending', 'integer', (c) => c.notNull())
        .addColumn('status', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('survey_results_pk', ['partition_key', 'sort_key'])
        .execute();
      // The calls of spec 01 §7: by survey + user, by survey + partition key, and searches on values.
      await db.schema.createIndex('survey_results_survey_user').on('survey_results').columns(['survey_id', 'user_id']).execute();
      await db.schema
        .createIndex('survey_results_survey_item_value')
        .on('survey_results')
        .columns(['survey_id', 'item_key', 'value'])
        .execute();
      // Answer codes are unique per survey: a second claim of the same code fails the transaction.
      await db.schema
        .createIndex('survey_results_answer_code')
        .on('survey_results')
        .columns(['survey_id', 'answer_code', 'sort_key'])
        .unique()
        .execute();

      await db.schema
        .createTable('counters')
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('value', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('counters_pk', ['scope', 'name'])
        .execute();
    },
  },
  '0002_idempotency_keys': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('idempotency_keys')
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('idem_key', 'text', (c) => c.notNull())
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('lease_token', 'text', (c) => c.notNull())
        .addColumn('lease_expires_at', 'text', (c) => c.notNull())
        .addColumn('status_code', 'integer')
        .addColumn('answer_json', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        // Keys are scoped to the user: the same key from another user is another row.
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'idem_key'])
        .execute();
      // The purge deletes by expiry.
      await db.schema.createIndex('idempotency_keys_expires').on('idempotency_keys').column('expires_at').execute();
    },
  },
  '0003_calendars': {
    async up(db: Kysely<unknown>) {
      // Whole calendar settings as JSON (core/contract/calendars.ts calendarSchema): they are read
      // as a unit and never queried by field.
      await db.schema
        .createTable('calendars')
        .addColumn('calendar_id', 'text', (c) => c.primaryKey())
        .addColumn('sort_key', 'text', (c) => c.notNull())
        .addColumn('config_json', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('categories')
        .addColumn('category_id', 'text', (c) => c.primaryKey())
        .addColumn('parent_id', 'text')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('level', 'integer', (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull())
        .addColumn('calendar_id', 'text')
        // Names along the path from the root (large, medium, small): /calendars/categories?tag1..3.
        .addColumn('tag1', 'text', (c) => c.notNull())
        .addColumn('tag2', 'text')
        .addColumn('tag3', 'text')
        .execute();
      await db.schema
        .createTable('reservation_items')
        .addColumn('category_id', 'text', (c) => c.notNull())
        .addColumn('item_id', 'text', (c) => c.notNull())
        .addColumn('item_name', 'text', (c) => c.notNull())
        .addColumn('cost', 'integer', (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('reservation_items_pk', ['category_id', 'item_id'])
        .execute();
      // One row per bookable slot of a day. `reserved` is claimed with a conditional update
      // (reserved + cost <= quota) inside the answer's transaction: never check-then-insert.
      await db.schema
        .createTable('slots')
        .addColumn('calendar_id', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('slot', 'text', (c) => c.notNull())
        .addColumn('quota', 'integer', (c) => c.notNull())
        .addColumn('reserved', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('slots_pk', ['calendar_id', 'day', 'slot'])
        .execute();
      await db.schema
        .createTable('day_offs')
        .addColumn('calendar_id', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('day_offs_pk', ['calendar_id', 'day'])
        .execute();
      // The live reservations: one row per answer (partition) and reservation item while the answer
      // holds its slot. The slot's `reserved` always equals the sum of `cost` over its rows; a cancel
      // or an amendment deletes the row and gives the cost back in the same transaction.
      await db.schema
        .createTable('reservations')
        .addColumn('partition_key', 'text', (c) => c.notNull())
        .addColumn('item_key', 'text', (c) => c.notNull())
        .addColumn('survey_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('calendar_id', 'text', (c) => c.notNull())
        .addColumn('category_id', 'text', (c) => c.notNull())
        .addColumn('item_id', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('slot', 'text', (c) => c.notNull())
        .addColumn('cost', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('reservations_pk', ['partition_key', 'item_key'])
        .execute();
      // Per-user limits count a user's reservations of a survey by day.
      await db.schema.createIndex('reservations_user_day').on('reservations').columns(['survey_id', 'user_id', 'day']).execute();
      await db.schema.createIndex('reservations_slot').on('reservations').columns(['calendar_id', 'day', 'slot']).execute();
      // Operator settings read whole: tag labels, display settings.
      await db.schema
        .createTable('calendar_settings')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value_json', 'text', (c) => c.notNull())
        .execute();
    },
  },
  // The resident counter holds a millisecond clock reading (store/results.ts RESIDENT_COUNTER),
  // past PostgreSQL's 32-bit integer. SQLite's integers are 64-bit already.
  '0004_counters_bigint': {
    async up(db: Kysely<unknown>) {
      if (db.getExecutor().adapter instanceof SqliteAdapter) return;
      await db.schema.alterTable('counters').alterColumn('value', (c) => c.setDataType('bigint')).execute();
    },
  },
  // A key's row is now only its answer, inserted with the effect (server/idempotency.ts): no claim
  // ahead, so no lease. A row still 'running' is the claim of a request that never answered (a
  // crash of an earlier version): deleted, so its retry runs anew, as the lease's takeover did.
  '0005_idempotency_answers_only': {
    async up(db: Kysely<unknown>) {
      await sql`delete from idempotency_keys where state = 'running'`.execute(db);
      for (const column of ['state', 'lease_token', 'lease_expires_at']) {
        await db.schema.alterTable('idempotency_keys').dropColumn(column).execute();
      }
    },
  },
  // Kiosk tablets at a clinic's reception (server/store/kiosks.ts). Secrets are kept only as
  // SHA-256: a copy of the database enrols no tablet and speaks for none.
  '0006_kiosks': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('kiosks')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull().unique())
        // JSON list of surveyIds, in the order they were enrolled.
        .addColumn('forms', 'text', (c) => c.notNull())
        // null: the server's KIOSK_IDLE_SECONDS.
        .addColumn('idle_seconds', 'integer')
        .addColumn('enrol_code_hash', 'text', (c) => c.unique())
        .addColumn('enrol_expires_at', 'text')
        .addColumn('token_hash', 'text', (c) => c.unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('enrolled_at', 'text')
        .addColumn('revoked_at', 'text')
        .execute();
    },
  },
  // What a putItem keeps beside the answer's rows (server/answers/extras.ts): one row per answer,
  // read and written whole with it, so JSON text rather than columns per field.
  '0007_answer_extras': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('answer_extras')
        .addColumn('partition_key', 'text', (c) => c.primaryKey())
        .addColumn('survey_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('sub_data_json', 'text')
        .addColumn('order_json', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
  // Answer codes no longer numbered per survey (store/results.ts nextAnswerCode): PostgreSQL draws
  // them from a sequence, SQLite from one counter row; both start past every code given so far.
  '0008_answer_code_sequence': {
    async up(db: Kysely<unknown>) {
      const given = sql<{ m: unknown }>`select max(value) as m from counters where name = 'answer_code'`;
      const last = Number((await given.execute(db)).rows[0]?.m ?? 0);
      await sql`delete from counters where name = 'answer_code'`.execute(db);
      if (db.getExecutor().adapter instanceof SqliteAdapter) {
        if (last > 0) await sql`insert into counters (scope, name, value) values ('', 'answer_code', ${last})`.execute(db);
        return;
      }
      await sql`create sequence answer_codes as bigint`.execute(db);
      if (last > 0) await sql`select setval('answer_codes', ${last})`.execute(db);
    },
  },
  // Retired: a PL/pgSQL twin of the write path, which is TypeScript now (server/answers/write/);
  // 0017 drops what it made on a database that ran it. Left empty so a new database skips it.
  '0009_finish_answer': {
    async up() {},
  },
  // Payments (spec 02 §3): the catalogue an import writes (services, their products, the tax
  // setting) and the orders a temporary save opens and the provider's notification settles.
  '0010_payments': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('payment_services')
        .addColumn('service_id', 'text', (c) => c.primaryKey())
        .addColumn('service_sort_key', 'text', (c) => c.notNull())
        .addColumn('service_json', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('payment_products')
        .addColumn('service_id', 'text', (c) => c.notNull())
        .addColumn('product_id', 'text', (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull())
        .addColumn('reservation_category_id', 'text')
        .addColumn('product_json', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('payment_products_pk', ['service_id', 'product_id'])
        .execute();
      await db.schema.createIndex('payment_products_reservation').on('payment_products').column('reservation_category_id').execute();
      await db.schema
        .createTable('payment_orders')
        .addColumn('order_id', 'text', (c) => c.primaryKey())
        .addColumn('survey_id', 'text', (c) => c.notNull())
        .addColumn('partition_key', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('phase', 'text', (c) => c.notNull())
        .addColumn('status', 'integer')
        .addColumn('amount_with_tax', 'integer', (c) => c.notNull())
        .addColumn('order_json', 'text', (c) => c.notNull())
        .addColumn('result_json', 'text')
        .addColumn('hold_until', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('completed_at', 'text')
        .addColumn('canceled_at', 'text')
        .execute();
      await db.schema.createIndex('payment_orders_user').on('payment_orders').columns(['user_id', 'survey_id']).execute();
      await db.schema.createIndex('payment_orders_hold').on('payment_orders').columns(['phase', 'hold_until']).execute();
    },
  },
  // Retired: a PL/pgSQL twin of the write path, which is TypeScript now (server/answers/write/);
  // 0017 drops what it made on a database that ran it. Left empty so a new database skips it.
  '0011_open_answer': {
    async up() {},
  },
  // Members (spec 02 §3): member form configs apart from survey configs (a member form is not
  // answered through survey putItem), the member records, and every member number given, keyed
  // by form and number so a second claim of one fails in its own transaction. A number's row is
  // never deleted on cancel: a cancelled number is never given again. Automatic numbers come
  // from a `counters` row (scope = the member form), only ever incremented.
  '0012_members': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('member_configs')
        .addColumn('survey_id', 'text', (c) => c.primaryKey())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('config_hash', 'text', (c) => c.notNull())
        .addColumn('config_json', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('member_results')
        .addColumn('partition_key', 'text', (c) => c.notNull())
        .addColumn('sort_key', 'text', (c) => c.notNull())
        .addColumn('survey_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('item_key', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('check_status', 'text', (c) => c.notNull())
        .addColumn('user_search_key', 'text')
        .addColumn('is_liff_mode', 'integer', (c) => c.notNull())
        .addColumn('registrant_name', 'text', (c) => c.notNull())
        .addColumn('user_name', 'text')
        .addColumn('clinic_attributes', 'text')
        .addColumn('answer_code', 'text')
        .addColumn('is_appending', 'integer', (c) => c.notNull())
        .addColumn('status', 'text')
        .addColumn('original_value', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('member_results_pk', ['partition_key', 'sort_key'])
        .execute();
      await db.schema.createIndex('member_results_survey_user').on('member_results').columns(['survey_id', 'user_id']).execute();
      await db.schema
        .createTable('member_numbers')
        .addColumn('survey_id', 'text', (c) => c.notNull())
        .addColumn('saiban', 'text', (c) => c.notNull())
        .addColumn('partition_key', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('member_numbers_pk', ['survey_id', 'saiban'])
        .execute();
      await db.schema.createIndex('member_numbers_partition').on('member_numbers').column('partition_key').execute();
    },
  },
  // Bed stays (spec 02 §3): the ward of a bed survey, its beds per night and the stays. A night's
  // row is claimed with a conditional update, so reserved never passes capacity (store/beds.ts).
  '0013_beds': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('bed_wards')
        .addColumn('survey_id', 'text', (c) => c.primaryKey())
        .addColumn('beds_json', 'text', (c) => c.notNull())
        .addColumn('reservation_possible_start', 'integer', (c) => c.notNull())
        .addColumn('reservation_cancel_limit', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('bed_nights')
        .addColumn('survey_id', 'text', (c) => c.notNull())
        .addColumn('night', 'text', (c) => c.notNull())
        .addColumn('capacity', 'integer', (c) => c.notNull())
        .addColumn('reserved', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('bed_nights_pk', ['survey_id', 'night'])
        .execute();
      await db.schema
        .createTable('bed_stays')
        .addColumn('partition_key', 'text', (c) => c.primaryKey())
        .addColumn('survey_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('start_date', 'text', (c) => c.notNull())
        .addColumn('end_date', 'text', (c) => c.notNull())
        .addColumn('start_session', 'text', (c) => c.notNull())
        .addColumn('end_session', 'text', (c) => c.notNull())
        .addColumn('check_status', 'text', (c) => c.notNull())
        .addColumn('fields_json', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('bed_stays_user').on('bed_stays').columns(['survey_id', 'user_id']).execute();
    },
  },
  // Uploaded files (spec 02 §3–§5): the scan state machine of each file; the blobs live in
  // DATA_DIR/files (server/files/storage.ts). claim + lease_until let a crashed scan be taken over.
  '0014_files': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('files')
        .addColumn('file_id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('item_key', 'text')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('size', 'integer')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('blob_ref', 'text')
        .addColumn('claim', 'text')
        .addColumn('lease_until', 'text')
        .addColumn('reason', 'text')
        .addColumn('uploaded_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('files_status').on('files').columns(['status', 'lease_until']).execute();
      await db.schema.createIndex('files_user').on('files').column('user_id').execute();
    },
  },
  // Retired: a PL/pgSQL twin of the write path, which is TypeScript now (server/answers/write/);
  // 0017 drops what it made on a database that ran it. Left empty so a new database skips it.
  '0015_write_functions': {
    async up() {},
  },
  // A chosen bed's nights (select bed, spec 02 §3): one stay per bed and night, claimed by the
  // primary key inside the stay's transaction; the ward's counters in bed_nights stay as they are.
  '0016_bed_claims': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('bed_claims')
        .addColumn('survey_id', 'text', (c) => c.notNull())
        .addColumn('bed_id', 'text', (c) => c.notNull())
        .addColumn('night', 'text', (c) => c.notNull())
        .addColumn('partition_key', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('bed_claims_pk', ['survey_id', 'bed_id', 'night'])
        .execute();
      await db.schema.createIndex('bed_claims_stay').on('bed_claims').column('partition_key').execute();
    },
  },
  '0017_drop_write_functions': {
    async up(db: Kysely<unknown>) {
      if (db.getExecutor().adapter instanceof SqliteAdapter) return;
      await sql`drop function if exists open_answer`.execute(db);
      await sql`drop function if exists finish_answer`.execute(db);
    },
  },
  // Staff accounts (server/staff/): local sign-in, one-time set-up links and sessions. Passwords
  // are argon2id hashes; recovery codes, set-up tokens and session tokens are kept only as SHA-256,
  // so a copy of the database signs nobody in. Sessions are rows, so every server process sees a
  // sign-out or a disabled account on the next request.
  '0019_staff': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('staff')
        .addColumn('id', 'text', (c) => c.primaryKey())
        // Case-folded (NFKC, lower case) before it is stored, so the unique index is case-blind.
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        // JSON list of team names.
        .addColumn('teams', 'text', (c) => c.notNull())
        // null until the person follows the set-up link.
        .addColumn('password_hash', 'text')
        .addColumn('totp_secret', 'text')
        // The last TOTP time step accepted, so a code is never accepted twice.
        .addColumn('totp_last_step', 'integer')
        // JSON list of SHA-256 hashes of the unused recovery codes.
        .addColumn('recovery_code_hashes', 'text', (c) => c.notNull())
        .addColumn('disabled_at', 'text')
        .addColumn('failed_count', 'integer', (c) => c.notNull())
        .addColumn('locked_until', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('staff_setup_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('staff_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema.createIndex('staff_setup_tokens_staff').on('staff_setup_tokens').column('staff_id').execute();
      await db.schema
        .createTable('staff_sessions')
        // SHA-256 of the cookie's token.
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('staff_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        // last_seen_at + the idle timeout, moved on with every request.
        .addColumn('idle_expires_at', 'text', (c) => c.notNull())
        // created_at + the absolute lifetime, never moved.
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('staff_sessions_staff').on('staff_sessions').column('staff_id').execute();
    },
  },
  // The staff side's audit trail (issue 56, server/audit/): one row per staff action, written in
  // the action's transaction, each row carrying the hash of the one before it (seq order). After
  // 0019: Kysely runs migrations in name order and refuses one older than the last that ran.
  '0020_audit_log': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('audit_log')
        .addColumn('seq', 'bigint', (c) => c.primaryKey())
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('actor_kind', 'text', (c) => c.notNull())
        .addColumn('actor_id', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target_kind', 'text')
        .addColumn('target_ids_json', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('from_ip', 'text')
        .addColumn('from_agent', 'text')
        .addColumn('detail_json', 'text', (c) => c.notNull())
        .addColumn('prev_hash', 'text', (c) => c.notNull())
        .addColumn('hash', 'text', (c) => c.notNull())
        .execute();
      // The console's questions: what one person did, and what happened to one kind of record.
      await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_kind', 'actor_id', 'seq']).execute();
      await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'seq']).execute();
    },
  },
  // Teams name forms and calendars (issue 56): a staff member other than an admin reaches the
  // forms and calendars of the teams on their account (staff.teams), and no others.
  '0021_team_targets': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('team_targets')
        .addColumn('team', 'text', (c) => c.notNull())
        // 'survey' or 'calendar'.
        .addColumn('target_kind', 'text', (c) => c.notNull())
        .addColumn('target_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('team_targets_pk', ['team', 'target_kind', 'target_id'])
        .execute();
      await db.schema.createIndex('team_targets_target').on('team_targets').columns(['target_kind', 'target_id']).execute();
    },
  },
  // Staff sign-in by OpenID Connect (server/staff/oidc.ts). A staff row is bound to one issuer's
  // subject on its first OIDC sign-in; a flow under way (state, nonce, PKCE verifier) is a row, not
  // process memory, so the callback may reach another server process than the start did.
  '0022_staff_oidc': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('staff').addColumn('oidc_issuer', 'text').execute();
      await db.schema.alterTable('staff').addColumn('oidc_subject', 'text').execute();
      // Both engines let unbound rows (nulls) repeat in a unique index.
      await db.schema.createIndex('staff_oidc_subject').on('staff').columns(['oidc_issuer', 'oidc_subject']).unique().execute();
      await db.schema
        .createTable('staff_oidc_flows')
        // SHA-256 of the state sent to the issuer.
        .addColumn('state_hash', 'text', (c) => c.primaryKey())
        // SHA-256 of the browser cookie's value: the callback must come from the browser that started.
        .addColumn('browser_hash', 'text', (c) => c.notNull())
        .addColumn('nonce', 'text', (c) => c.notNull())
        .addColumn('code_verifier', 'text', (c) => c.notNull())
        .addColumn('return_to', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('staff_oidc_flows_expiry').on('staff_oidc_flows').column('expires_at').execute();
    },
  },
  // Passkeys (WebAuthn) as a staff second factor beside TOTP (issue 56). Challenges are rows, not
  // process memory: the options and the answer may reach two different server processes.
  '0024_staff_passkeys': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('staff_passkeys')
        // The credential's id as the authenticator made it, base64url.
        .addColumn('credential_id', 'text', (c) => c.primaryKey())
        .addColumn('staff_id', 'text', (c) => c.notNull())
        // The COSE public key, base64url.
        .addColumn('public_key', 'text', (c) => c.notNull())
        // The authenticator's signature counter (an unsigned 32-bit number, so bigint); 0: it keeps none.
        .addColumn('sign_count', 'bigint', (c) => c.notNull())
        // JSON list of transports ('internal', 'usb', 'hybrid'…), a hint for the next sign-in.
        .addColumn('transports', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text')
        .execute();
      await db.schema.createIndex('staff_passkeys_staff').on('staff_passkeys').column('staff_id').execute();
      await db.schema
        .createTable('webauthn_challenges')
        // SHA-256 of the challenge (base64url) sent in the options.
        .addColumn('challenge_hash', 'text', (c) => c.primaryKey())
        .addColumn('staff_id', 'text', (c) => c.notNull())
        // 'register' or 'authenticate'.
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('webauthn_challenges_expires').on('webauthn_challenges').column('expires_at').execute();
    },
  },
  // An answer's history (issue 57): each change of its status, with who made it (staff, resident,
  // system) and the staff member's note; and each refund a status change made, keyed by the order
  // (one refund per order), written in the status change's transaction (server/payments/refund.ts).
  '0025_answer_events': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('answer_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('partition_key', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('actor_kind', 'text', (c) => c.notNull())
        .addColumn('actor_id', 'text', (c) => c.notNull())
        .addColumn('actor_name', 'text')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('from_value', 'text')
        .addColumn('to_value', 'text')
        .addColumn('note', 'text')
        .execute();
      await db.schema.createIndex('answer_events_answer').on('answer_events').columns(['partition_key', 'at']).execute();
      await db.schema
        .createTable('payment_refunds')
        .addColumn('order_id', 'text', (c) => c.primaryKey())
        .addColumn('tracking_id', 'text', (c) => c.notNull().unique())
        .addColumn('partition_key', 'text', (c) => c.notNull())
        .addColumn('amount_with_tax', 'integer', (c) => c.notNull())
        .addColumn('refund_id', 'text', (c) => c.notNull())
        .addColumn('actor_id', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .execute();
    },
  },
  // The day sheet's arrival marks (issue 57): 来院 / 未来院 per booking (answer and reservation
  // item), with the day and slot it was made for, so a booking moved to another day starts unmarked.
  '0026_arrivals': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('arrivals')
        .addColumn('partition_key', 'text', (c) => c.notNull())
        .addColumn('item_key', 'text', (c) => c.notNull())
        .addColumn('calendar_id', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('slot', 'text', (c) => c.notNull())
        // 'arrived' | 'noShow' (core/contract/staff-day-sheet.ts ARRIVAL_MARKS).
        .addColumn('mark', 'text', (c) => c.notNull())
        .addColumn('marked_at', 'text', (c) => c.notNull())
        .addColumn('staff_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('arrivals_pk', ['partition_key', 'item_key'])
        .execute();
    },
  },
  // The console's answers of a form (issue 57, store/answer-heads.ts): heads in keyset order by
  // received instant, with or without a status filter, and the answers booked on a day.
  '0027_answer_indexes': {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('survey_results_survey_created').on('survey_results').columns(['survey_id', 'created_at', 'partition_key', 'check_status']).execute();
      await db.schema.createIndex('survey_results_survey_status_created').on('survey_results').columns(['survey_id', 'check_status', 'created_at', 'partition_key']).execute();
      await db.schema.createIndex('reservations_survey_day').on('reservations').columns(['survey_id', 'day', 'partition_key']).execute();
    },
  },
  // The console's ward occupancy (store/bed-ward.ts): a ward's stays that end after the first night
  // shown. By discharge day, not admission: every stay of the past starts before the range too.
  '0030_bed_ward_console': {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('bed_stays_survey_end').on('bed_stays').columns(['survey_id', 'end_date']).execute();
    },
  },
  // The console's payments (store/payment-list.ts): filtered by pay method, which was only inside
  // order_json (no JSON operator both engines share), so a column of its own, filled from it; and
  // paged newest first by (created_at, order_id).
  '0032_payments_pay_method': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('payment_orders').addColumn('pay_method', 'text').execute();
      const rows = (await sql<{ order_id: string; order_json: string }>`select order_id, order_json from payment_orders`.execute(db)).rows;
      for (const r of rows) {
        const method = (JSON.parse(r.order_json) as { payMethod?: unknown }).payMethod;
        if (typeof method === 'string') await sql`update payment_orders set pay_method = ${method} where order_id = ${r.order_id}`.execute(db);
      }
      await db.schema.createIndex('payment_orders_created').on('payment_orders').columns(['created_at', 'order_id']).execute();
    },
  },
  // The console's searchable-item filter as an index range (issue 57, store/search-key.ts): each
  // answer row's folded search key, backfilled here (folded in Node), then its index, built once
  // the keys are in. check_status last, so a status filter reads no table rows.
  '0033_perf_search_keys': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('survey_results').addColumn('search_key', 'text').execute();
      await backfillSearchKeys(db);
      await db.schema
        .createIndex('survey_results_search_key')
        .on('survey_results')
        .columns(['survey_id', 'item_key', 'search_key', 'created_at', 'partition_key', 'check_status'])
        .where(sql.ref('search_key'), 'is not', null)
        .execute();
    },
  },
  // Staff save a calendar's slots under its version (server/slots/save-slots.ts, issue 58).
  '0035_calendar_version': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('calendars').addColumn('version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    },
  },
  // Saved versions of each survey config (server/forms/save-config.ts, issue 58): the console
  // lists, diffs and rolls back to them. Each stored config becomes its version's first row.
  '0036_form_versions': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('form_versions')
        .addColumn('survey_id', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('config_json', 'text', (c) => c.notNull())
        .addColumn('saved_by', 'text')
        .addColumn('saved_at', 'text', (c) => c.notNull())
        .addColumn('note', 'text')
        .addPrimaryKeyConstraint('form_versions_pk', ['survey_id', 'version'])
        .execute();
      await sql`insert into form_versions (survey_id, version, config_json, saved_by, saved_at, note)
        select survey_id, version, config_json, null, updated_at, null from survey_configs`.execute(db);
    },
  },
  // Staff edit the category tree in place (issue 58, server/categories/): a category or a
  // reservation item in use is hidden from residents instead of deleted, so bookings keep their
  // labels; and save a bed ward under its version (server/beds/save-config.ts).
  '0037_calendar_config': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('categories').addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('reservation_items').addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      // A bed ward's console save names the version it was read at, as a calendar's does.
      await db.schema.alterTable('bed_wards').addColumn('version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    },
  },
  // One job queue and one write rate limiter for every server process (issue 59, server/jobs/):
  // jobs leased from the table (FOR UPDATE SKIP LOCKED on PostgreSQL), rate windows upserted.
  '0039_jobs': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('jobs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('unique_key', 'text')
        .addColumn('payload_json', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('run_at', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('max_attempts', 'integer', (c) => c.notNull())
        .addColumn('lease_owner', 'text')
        .addColumn('lease_until', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('jobs_unique_key').unique().on('jobs').column('unique_key').execute();
      await db.schema.createIndex('jobs_due').on('jobs').columns(['state', 'run_at']).execute();
      await db.schema
        .createTable('rate_windows')
        .addColumn('rate_key', 'text', (c) => c.notNull())
        .addColumn('window_start', 'text', (c) => c.notNull())
        .addColumn('hits', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('rate_windows_pk', ['rate_key', 'window_start'])
        .execute();
      await db.schema.createIndex('rate_windows_expires').on('rate_windows').column('expires_at').execute();
    },
  },
  '0040_line_messages': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('line_messages')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('survey_id', 'text', (c) => c.notNull())
        .addColumn('partition_key', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('due_at', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('message_json', 'text', (c) => c.notNull())
        .addColumn('request_id', 'text')
        .addColumn('reason', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('line_messages_partition').on('line_messages').columns(['partition_key', 'state']).execute();
    },
  },
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
