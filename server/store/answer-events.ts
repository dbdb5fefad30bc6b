/**
 * An answer's history (table answer_events, migration 0025): each change of its status, and each
 * refund of its order from the payments screen (from and to: payment states 0–4), written in the
 * transaction of the change itself, so the history and the answer never disagree. Append-only.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { AnswerEventTable, Database } from './schema';

export interface AnswerEvent {
  partitionKey: string;
  at: string;
  actor: { kind: 'staff' | 'resident' | 'system'; id: string; name: string | null };
  kind: 'status' | 'refund';
  from: string | null;
  to: string | null;
  note: string | null;
}

const rowOf = (e: AnswerEvent): AnswerEventTable => ({
  id: randomUUID(),
  partition_key: e.partitionKey,
  at: e.at,
  actor_kind: e.actor.kind,
  actor_id: e.actor.id,
  actor_name: e.actor.name,
  kind: e.kind,
  from_value: e.from,
  to_value: e.to,
  note: e.note,
});

/** A bulk change writes its events in chunks: one statement per few hundred rows keeps within both engines' parameter limits. */
const CHUNK = 200;

export const insertAnswerEvents = async (trx: Transaction<Database>, events: readonly AnswerEvent[]): Promise<void> => {
  for (let i = 0; i < events.length; i += CHUNK) await trx.insertInto('answer_events').values(events.slice(i, i + CHUNK).map(rowOf)).execute();
};


/** An answer's events, oldest first (the index answer_events_answer: partition key, at). */
export const eventsOfAnswer = async (db: Kysely<Database> | Transaction<Database>, partitionKey: string): Promise<AnswerEvent[]> => {
  const rows = await db.selectFrom('answer_events').selectAll().where('partition_key', '=', partitionKey).orderBy('at').orderBy('id').execute();
  return rows.map((r) => ({
    partitionKey: r.partition_key,
    at: r.at,
    actor: { kind: r.actor_kind as AnswerEvent['actor']['kind'], id: r.actor_id, name: r.actor_name },
    kind: r.kind as AnswerEvent['kind'],
    from: r.from_value,
    to: r.to_value,
    note: r.note,
  }));
};
