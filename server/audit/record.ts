/**
 * recordAudit: what a staff route calls to put its action in the audit trail, inside the action's
 * own transaction, so the row commits with the action's effect or not at all. Call it last in the
 * transaction: it takes the chain's lock (server/store/audit.ts), which every audited action of
 * the database waits for, and holding it no longer than the commit keeps that wait short.
 *
 * The row says who, when, what, which records and from where; `detail` says how (a status from →
 * to, a filter, a row count). It holds no answer values: the trail proves who saw or changed a
 * record, the record itself stays where it is.
 */
import type { Transaction } from 'kysely';
import { canonicalJson } from '@core/rules/completion-guard';
import type { Database } from '../store/schema';
import { claimAuditLink, insertAuditRow, type AuditRow } from '../store/audit';
import { GENESIS_HASH, auditHash } from './hash';

/** Every action the trail knows. A staff route adds its code here. */
type AuditAction =
  | 'staff.sign_in'
  | 'staff.sign_out'
  | 'staff.setup'
  | 'staff.passkey_add'
  | 'staff.add'
  | 'staff.change'
  | 'staff.disable'
  | 'team.change'
  | 'answer.list'
  | 'answer.keys'
  | 'answer.read'
  | 'answer.file'
  | 'answer.export'
  | 'answer.status'
  | 'answer.register'
  | 'answer.arrival'
  | 'export.csv'
  | 'config.save'
  | 'counts.repair'
  | 'payment.list'
  | 'payment.refund'
  | 'payment.receipt'
  | 'kiosk.enrol'
  | 'kiosk.revoke'
  | 'staff.list';

export interface AuditEntry {
  /** A staff member (their account id), the system (a CLI, a job) or a resident. */
  actor: { kind: 'staff' | 'system' | 'resident'; id: string };
  action: AuditAction;
  /** The records acted on, by their keys: partition keys of answers, survey ids, staff ids. */
  targets?: { kind: string; ids: readonly string[] };
  /** 'refused': an attempt the server turned down and records anyway (a failed sign-in). */
  outcome?: 'ok' | 'refused';
  from?: { ip?: string | undefined; userAgent?: string | undefined };
  detail?: Record<string, unknown>;
}

/** Appends the entry's row to the chain in `trx`; answers the row's seq. */
export const recordAudit = async (trx: Transaction<Database>, entry: AuditEntry, at: Date = new Date()): Promise<number> => {
  const link = await claimAuditLink(trx);
  const unhashed: Omit<AuditRow, 'hash'> = {
    seq: link.seq,
    at: at.toISOString(),
    actor_kind: entry.actor.kind,
    actor_id: entry.actor.id,
    action: entry.action,
    target_kind: entry.targets?.kind ?? null,
    target_ids_json: canonicalJson(entry.targets?.ids ?? []),
    outcome: entry.outcome ?? 'ok',
    from_ip: entry.from?.ip ?? null,
    from_agent: entry.from?.userAgent ?? null,
    detail_json: canonicalJson(entry.detail ?? {}),
    prev_hash: link.prevHash ?? GENESIS_HASH,
  };
  await insertAuditRow(trx, Object.assign(unhashed, { hash: auditHash(unhashed) }));
  return link.seq;
};
