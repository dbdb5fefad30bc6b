/**
 * Versioned migrations, run at every start (Kysely's Migrator records what ran). Add a new entry
 * for every change; never edit one that has shipped.
 */
import { SqliteAdapter, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';

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
  // PostgreSQL: the last statements of an answer's write as one call (store/finish.ts). Written
  // for the columns as of this migration: one that changes those tables replaces the function too.
  '0009_finish_answer': {
    async up(db: Kysely<unknown>) {
      if (db.getExecutor().adapter instanceof SqliteAdapter) return;
      await sql`
        create function finish_answer(reservation_rows jsonb, result_rows jsonb, key_answer jsonb, slot_ops jsonb) returns integer
        language plpgsql as $$
        declare
          op jsonb;
        begin
          insert into reservations (partition_key, item_key, survey_id, user_id, calendar_id, category_id, item_id, day, slot, cost, created_at)
            select r.partition_key, r.item_key, r.survey_id, r.user_id, r.calendar_id, r.category_id, r.item_id, r.day, r.slot, r.cost, r.created_at
            from jsonb_to_recordset(reservation_rows) as r(partition_key text, item_key text, survey_id text, user_id text, calendar_id text,
              category_id text, item_id text, day text, slot text, cost integer, created_at text);
          insert into survey_results (partition_key, sort_key, survey_id, user_id, item_key, value, title, type, check_status, user_search_key,
              is_liff_mode, registrant_name, user_name, clinic_attributes, answer_code, is_appending, status, created_at, updated_at)
            select r.partition_key, r.sort_key, r.survey_id, r.user_id, r.item_key, r.value, r.title, r.type, r.check_status, r.user_search_key,
              r.is_liff_mode, r.registrant_name, r.user_name, r.clinic_attributes, r.answer_code, r.is_appending, r.status, r.created_at, r.updated_at
            from jsonb_to_recordset(result_rows) as r(partition_key text, sort_key text, survey_id text, user_id text, item_key text, value text,
              title text, type text, check_status text, user_search_key text, is_liff_mode integer, registrant_name text, user_name text,
              clinic_attributes text, answer_code text, is_appending integer, status text, created_at text, updated_at text);
          if key_answer is not null then
            update idempotency_keys set status_code = (key_answer->>'status')::integer, answer_json = key_answer->>'json'
              where user_id = key_answer->>'userId' and idem_key = key_answer->>'key';
          end if;
          -- In the order given (slot order), each claim deciding on its own row: no room, a day off
          -- or no slot answers the operation's index, and the caller rolls the write back.
          for i in 0 .. coalesce(jsonb_array_length(slot_ops), 0) - 1 loop
            op := slot_ops->i;
            if (op->>'conditional')::boolean then
              update slots set reserved = reserved + (op->>'delta')::integer
                where calendar_id = op->>'calendarId' and day = op->>'day' and slot = op->>'slot'
                  and reserved + (op->>'delta')::integer <= quota
                  and not exists (select 1 from day_offs d where d.calendar_id = op->>'calendarId' and d.day = op->>'day');
              if not found then
                return i;
              end if;
            else
              update slots set reserved = reserved + (op->>'delta')::integer
                where calendar_id = op->>'calendarId' and day = op->>'day' and slot = op->>'slot';
            end if;
          end loop;
          return null;
        end
        $$`.execute(db);
    },
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
  // PostgreSQL: the first statements of an answer's write as one call (store/opening.ts): the
  // idempotency key, the targets' read, then the counter, in that order; no row back when the key
  // was taken, no counter claimed when a wanted slot is full. The targets' read is
  // store/calendars.ts findCategoryTarget's, per wanted reservation value in the order given; the
  // counter's statement is results.ts claimCounterWith's.
  '0011_open_answer': {
    async up(db: Kysely<unknown>) {
      if (db.getExecutor().adapter instanceof SqliteAdapter) return;
      await sql`
        create function open_answer(key_user text, key_id text, key_hash text, key_created text, key_expires text,
          counter_scope text, counter_name text, at_least bigint, stamp_of text, code_sequence text, wanted jsonb)
        returns table (claimed bigint, stamp text, code text, targets jsonb)
        language plpgsql as $$
        declare
          found_targets jsonb;
        begin
          if key_id is not null then
            insert into idempotency_keys (user_id, idem_key, request_hash, status_code, answer_json, created_at, expires_at)
              values (key_user, key_id, key_hash, null, null, key_created, key_expires)
              on conflict (user_id, idem_key) do nothing;
            if not found then
              return;
            end if;
          end if;
          if wanted is not null then
            select jsonb_agg(jsonb_build_object('found', cat.category_id is not null, 'config_json', cal.config_json,
                'cost', ri.cost, 'reserved', sl.reserved, 'quota', sl.quota) order by w.ord)
              into found_targets
              from jsonb_array_elements(wanted) with ordinality as w(v, ord)
              left join categories cat on cat.category_id = w.v->>'categoryId'
              left join calendars cal on cal.calendar_id = cat.calendar_id
              left join reservation_items ri on ri.category_id = cat.category_id and ri.item_id = w.v->>'itemId'
              left join slots sl on sl.calendar_id = cat.calendar_id and sl.day = w.v->>'day' and sl.slot = w.v->>'slot';
            -- A slot already full refuses the write: no counter row waited for, no answer code drawn.
            if exists (select 1 from jsonb_array_elements(found_targets) t(v)
                where (t.v->>'reserved')::integer + (t.v->>'cost')::integer > (t.v->>'quota')::integer) then
              return query select null::bigint, null::text, null::text, found_targets;
              return;
            end if;
          end if;
          return query
            insert into counters as c (scope, name, value) values (counter_scope, counter_name, coalesce(at_least, 1))
              on conflict (scope, name) do update
                set value = case when at_least is null or c.value + 1 > at_least then c.value + 1 else at_least end
              returning c.value,
                (select cast(s.version as text) || ':' || s.config_hash from survey_configs s where s.survey_id = stamp_of),
                case when code_sequence is null then null else nextval(code_sequence::regclass)::text end,
                found_targets;
        end
        $$`.execute(db);
    },
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
  // PostgreSQL: open_answer and finish_answer with the same statements in the same order, taking
  // typed arrays: no jsonb parsed or built per call, and each wanted reservation value read by its
  // primary key (a join over a set-returning function plans as hash joins over whole tables).
  '0015_write_functions': {
    async up(db: Kysely<unknown>) {
      if (db.getExecutor().adapter instanceof SqliteAdapter) return;
      await sql`drop function open_answer(text, text, text, text, text, text, text, bigint, text, text, jsonb)`.execute(db);
      await sql`drop function finish_answer(jsonb, jsonb, jsonb, jsonb)`.execute(db);
      // One row per wanted value, in order, each with the counter's columns (null: a slot is full);
      // one row with no target when none is wanted; no row when the key was taken.
      await sql`
        create function open_answer(key_user text, key_id text, key_hash text, key_created text, key_expires text,
          counter_scope text, counter_name text, at_least bigint, stamp_of text, code_sequence text,
          want_category text[], want_item text[], want_day text[], want_slot text[])
        returns table (claimed bigint, stamp text, code text, target_found boolean, target_config text,
          target_cost integer, target_reserved integer, target_quota integer)
        language plpgsql as $$
        declare
          n integer := coalesce(cardinality(want_category), 0);
          found_at boolean[];
          config_at text[];
          cost_at integer[];
          reserved_at integer[];
          quota_at integer[];
          slot_full boolean := false;
        begin
          if key_id is not null then
            insert into idempotency_keys (user_id, idem_key, request_hash, status_code, answer_json, created_at, expires_at)
              values (key_user, key_id, key_hash, null, null, key_created, key_expires)
              on conflict (user_id, idem_key) do nothing;
            if not found then
              return;
            end if;
          end if;
          for i in 1 .. n loop
            select cal.config_json, ri.cost, sl.reserved, sl.quota
              into target_config, target_cost, target_reserved, target_quota
              from categories cat
              left join calendars cal on cal.calendar_id = cat.calendar_id
              left join reservation_items ri on ri.category_id = cat.category_id and ri.item_id = want_item[i]
              left join slots sl on sl.calendar_id = cat.calendar_id and sl.day = want_day[i] and sl.slot = want_slot[i]
              where cat.category_id = want_category[i];
            found_at[i] := found;
            config_at[i] := target_config;
            cost_at[i] := target_cost;
            reserved_at[i] := target_reserved;
            quota_at[i] := target_quota;
            -- A slot already full refuses the write: no counter row waited for, no answer code drawn.
            slot_full := slot_full or coalesce(target_reserved + target_cost > target_quota, false);
          end loop;
          if not slot_full then
            insert into counters as c (scope, name, value) values (counter_scope, counter_name, coalesce(at_least, 1))
              on conflict (scope, name) do update
                set value = case when at_least is null or c.value + 1 > at_least then c.value + 1 else at_least end
              returning c.value,
                (select cast(s.version as text) || ':' || s.config_hash from survey_configs s where s.survey_id = stamp_of),
                case when code_sequence is null then null else nextval(code_sequence::regclass)::text end
              into claimed, stamp, code;
          end if;
          for i in 1 .. greatest(n, 1) loop
            target_found := found_at[i];
            target_config := config_at[i];
            target_cost := cost_at[i];
            target_reserved := reserved_at[i];
            target_quota := quota_at[i];
            return next;
          end loop;
        end
        $$`.execute(db);
      // Answers the 0-based index of the slot operation refused, or null.
      await sql`
        create function finish_answer(
          rv_partition_key text[], rv_item_key text[], rv_survey_id text[], rv_user_id text[], rv_calendar_id text[],
          rv_category_id text[], rv_item_id text[], rv_day text[], rv_slot text[], rv_cost integer[], rv_created_at text[],
          rs_partition_key text[], rs_sort_key text[], rs_survey_id text[], rs_user_id text[], rs_item_key text[], rs_value text[],
          rs_title text[], rs_type text[], rs_check_status text[], rs_user_search_key text[], rs_is_liff_mode integer[],
          rs_registrant_name text[], rs_user_name text[], rs_clinic_attributes text[], rs_answer_code text[], rs_is_appending integer[],
          rs_status text[], rs_created_at text[], rs_updated_at text[],
          key_user text, key_id text, key_status integer, key_json text,
          op_calendar text[], op_day text[], op_slot text[], op_delta integer[], op_conditional boolean[])
        returns integer
        language plpgsql as $$
        begin
          insert into reservations (partition_key, item_key, survey_id, user_id, calendar_id, category_id, item_id, day, slot, cost, created_at)
            select rv_partition_key[i], rv_item_key[i], rv_survey_id[i], rv_user_id[i], rv_calendar_id[i],
              rv_category_id[i], rv_item_id[i], rv_day[i], rv_slot[i], rv_cost[i], rv_created_at[i]
            from generate_subscripts(rv_partition_key, 1) as i;
          insert into survey_results (partition_key, sort_key, survey_id, user_id, item_key, value, title, type, check_status, user_search_key,
              is_liff_mode, registrant_name, user_name, clinic_attributes, answer_code, is_appending, status, created_at, updated_at)
            select rs_partition_key[i], rs_sort_key[i], rs_survey_id[i], rs_user_id[i], rs_item_key[i], rs_value[i],
              rs_title[i], rs_type[i], rs_check_status[i], rs_user_search_key[i], rs_is_liff_mode[i],
              rs_registrant_name[i], rs_user_name[i], rs_clinic_attributes[i], rs_answer_code[i], rs_is_appending[i],
              rs_status[i], rs_created_at[i], rs_updated_at[i]
            from generate_subscripts(rs_partition_key, 1) as i;
          if key_id is not null then
            update idempotency_keys set status_code = key_status, answer_json = key_json
              where user_id = key_user and idem_key = key_id;
          end if;
          -- In the order given (slot order), each claim deciding on its own row: no room, a day off
          -- or no slot answers the operation's index, and the caller rolls the write back.
          for i in 1 .. coalesce(cardinality(op_calendar), 0) loop
            if op_conditional[i] then
              update slots set reserved = reserved + op_delta[i]
                where calendar_id = op_calendar[i] and day = op_day[i] and slot = op_slot[i]
                  and reserved + op_delta[i] <= quota
                  and not exists (select 1 from day_offs d where d.calendar_id = op_calendar[i] and d.day = op_day[i]);
              if not found then
                return i - 1;
              end if;
            else
              update slots set reserved = reserved + op_delta[i]
                where calendar_id = op_calendar[i] and day = op_day[i] and slot = op_slot[i];
            end if;
          end loop;
          return null;
        end
        $$`.execute(db);
    },
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
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
