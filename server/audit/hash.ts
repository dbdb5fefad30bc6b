/**
 * The audit chain's hash, pure: SHA-256 (hex) over the canonical JSON of a row's columns as stored,
 * its prev_hash among them, so a row cannot be changed, dropped or moved without the hashes after
 * it disagreeing. The columns are named one by one: a column added later is outside the hash
 * until a new encoding says otherwise, and the encoding of the rows already written never moves.
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '@core/rules/completion-guard';
import type { AuditRow } from '../store/audit';

/** The prev_hash of the chain's first row. */
export const GENESIS_HASH = '0'.repeat(64);

export const auditHash = (row: Omit<AuditRow, 'hash'>): string =>
  createHash('sha256')
    .update(
      canonicalJson({
        seq: row.seq,
        at: row.at,
        actor_kind: row.actor_kind,
        actor_id: row.actor_id,
        action: row.action,
        target_kind: row.target_kind,
        target_ids_json: row.target_ids_json,
        outcome: row.outcome,
        from_ip: row.from_ip,
        from_agent: row.from_agent,
        detail_json: row.detail_json,
        prev_hash: row.prev_hash,
      }),
    )
    .digest('hex');
