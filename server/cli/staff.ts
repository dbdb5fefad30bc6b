/**
 * Staff accounts from the command line, an operator's first step before any console exists,
 * against the database the server uses (same DATA_DIR / DATABASE_URL / DATABASE_SCHEMA):
 *   npm run staff:add -- --email a@example.jp --name 山田花子 --role member [--team 健康課 …]
 *   npm run staff:list
 *   npm run staff:disable -- a@example.jp
 * add prints a one-time set-up link (24 hours) where the person chooses a password and enrols
 * the second factor; disable ends every session of that person from its next request; team gives
 * a team forms and calendars (or takes them back with --remove). Each change is in the audit
 * trail, by the system actor `cli`. Exit 0
 * on success, 1 with the reason otherwise (nothing written).
 */
import { parseArgs } from 'node:util';
import { STAFF_ROLES, type StaffRole } from '@core/rules/staff';
import { STAFF_ROLE_LABELS } from '@core/ja/staff-roles';
import { loadConfig } from '../config';
import type { Store } from '../store/open';
import { UsageError, runAsMain, withStore } from './runner';
import { listStaffRecords, type StaffRecord } from '../store/staff';
import { addStaff, disableStaff, normaliseEmail, staffState, type StaffState } from '../staff/accounts';
import { SETUP_TOKEN_TTL_MS, setupLink } from '../staff/setup';
import { tokyoTime } from './tokyo-time';
import { addTeamTarget, removeTeamTarget } from '../store/teams';
import { recordAudit } from '../audit/record';

const USAGE = [
  '使い方 / usage:',
  `  npm run staff:add -- --email EMAIL --name NAME --role ${STAFF_ROLES.join('|')} [--team TEAM …]`,
  '  npm run staff:list',
  '  npm run staff:disable -- EMAIL',
  '  npm run staff:team -- TEAM [--form SURVEY_ID …] [--calendar CALENDAR_ID …] [--remove]',
].join('\n');

const NAME_MAX = 100;
const TEAM_MAX = 100;

/** Where the command writes, and the clock: the process's by default, a test's own otherwise. */
export interface StaffCliIo {
  env?: Record<string, string | undefined>;
  out?: (line: string) => void;
  err?: (line: string) => void;
  now?: () => Date;
}

/** A refusal of the command line itself: printed with the usage, exit 1. */

const STATE_LABEL: Record<StaffState, string> = { active: '利用中', pending: '設定待ち', locked: 'ロック中', disabled: '停止' };

const formatStaff = (s: StaffRecord, now: Date): string =>
  [
    s.email,
    s.name,
    `${s.role} (${STAFF_ROLE_LABELS[s.role]})`,
    `teams: ${s.teams.length > 0 ? s.teams.join(',') : '-'}`,
    STATE_LABEL[staffState(s, now)],
    `created: ${tokyoTime(s.createdAt)}`,
    ...(s.disabledAt !== null ? [`disabled: ${tokyoTime(s.disabledAt)}`] : []),
  ].join('\t');

const parseAdd = (args: string[]) => {
  const { values, positionals } = parseArgs({
    args,
    options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' }, team: { type: 'string', multiple: true } },
    strict: true,
    allowPositionals: true,
  });
  if (positionals.length > 0) throw new UsageError(`余分な引数 / unexpected: ${positionals.join(' ')}`);
  const email = normaliseEmail(values.email ?? '');
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new UsageError('--email: メールアドレスを指定してください / an email address is required');
  const name = (values.name ?? '').trim();
  if (name === '' || name.length > NAME_MAX) throw new UsageError(`--name: 1〜${NAME_MAX} 文字で指定してください / required, up to ${NAME_MAX} characters`);
  const role = values.role ?? '';
  if (!(STAFF_ROLES as readonly string[]).includes(role)) throw new UsageError(`--role: ${STAFF_ROLES.join(' / ')} のいずれかを指定してください / one of these`);
  const teams = [...new Set((values.team ?? []).flatMap((t) => t.split(',')).map((t) => t.trim()).filter(Boolean))];
  if (teams.some((t) => t.length > TEAM_MAX)) throw new UsageError(`--team: ${TEAM_MAX} 文字以内で指定してください / up to ${TEAM_MAX} characters`);
  return { email, name, role: role as StaffRole, teams };
};

const parseTeam = (args: string[]) => {
  const { values, positionals } = parseArgs({
    args,
    options: { form: { type: 'string', multiple: true }, calendar: { type: 'string', multiple: true }, remove: { type: 'boolean' } },
    strict: true,
    allowPositionals: true,
  });
  const team = (positionals[0] ?? '').trim();
  if (positionals.length !== 1 || team === '' || team.length > TEAM_MAX) throw new UsageError('チーム名を一つ指定してください / give one team name');
  const targets = [
    ...(values.form ?? []).map((id) => ({ kind: 'survey' as const, id: id.trim() })),
    ...(values.calendar ?? []).map((id) => ({ kind: 'calendar' as const, id: id.trim() })),
  ].filter((t) => t.id !== '');
  if (targets.length === 0) throw new UsageError('--form か --calendar を指定してください / give --form or --calendar');
  return { team, targets, remove: values.remove === true };
};

/** The system actor of changes made from the command line. */
const CLI_ACTOR = { kind: 'system', id: 'cli' } as const;

export const runStaff = async (args: readonly string[], io: StaffCliIo = {}): Promise<number> => {
  const out = io.out ?? ((line: string) => void process.stdout.write(`${line}\n`));
  const err = io.err ?? ((line: string) => void process.stderr.write(`${line}\n`));
  const now = io.now ?? (() => new Date());
  const [command, ...rest] = args.filter((a) => a !== '--');

  let run: (store: Store) => Promise<number>;
  const config = loadConfig(io.env ?? process.env);
  try {
    if (command === 'add') {
      const input = parseAdd(rest);
      run = async (store) => {
        const done = await addStaff(store, input, now(), (trx, id) =>
          recordAudit(trx, { actor: CLI_ACTOR, action: 'staff.add', targets: { kind: 'staff', ids: [id] }, detail: { role: input.role, teams: input.teams } }, now()),
        );
        if (!done.ok) {
          err(`このメールアドレスのアカウントはすでにあります。何も書き込んでいません / an account with this email exists, nothing written: ${input.email}`);
          return 1;
        }
        out(`スタッフを登録しました / staff added: ${input.email}\t${input.name}\t${input.role} (${STAFF_ROLE_LABELS[input.role]})\tteams: ${input.teams.join(',') || '-'}`);
        if (input.role !== 'admin' && input.teams.length === 0) {
          out('注意: チームがないため、どのフォーム・カレンダーも扱えません / note: no team, so no form or calendar is within reach');
        }
        out('設定用リンク（一回限り）: 本人だけに渡してください。パスワードと認証アプリを設定します / one-time set-up link, for this person only: choose a password and enrol the authenticator app:');
        out(setupLink(config.publicUrl, done.token));
        out(`有効期限 / expires: ${tokyoTime(done.expiresAt)} (${SETUP_TOKEN_TTL_MS / 3_600_000} 時間 / hours)`);
        return 0;
      };
    } else if (command === 'list') {
      if (rest.length > 0) throw new UsageError(`余分な引数 / unexpected: ${rest.join(' ')}`);
      run = async (store) => {
        const staff = await listStaffRecords(store.db);
        if (staff.length === 0) out('スタッフのアカウントはありません / no staff accounts');
        const at = now();
        for (const s of staff) out(formatStaff(s, at));
        return 0;
      };
    } else if (command === 'disable') {
      const email = rest.length === 1 ? normaliseEmail(rest[0] as string) : '';
      if (email === '') throw new UsageError('停止するアカウントのメールアドレスを一つ指定してください / give one email');
      run = async (store) => {
        const done = await disableStaff(store, email, now(), (trx, id) =>
          recordAudit(trx, { actor: CLI_ACTOR, action: 'staff.disable', targets: { kind: 'staff', ids: [id] } }, now()),
        );
        if (!done) {
          err(`そのメールアドレスのアカウントはありません / no account with this email: ${email}`);
          return 1;
        }
        out(
          done.already
            ? `すでに停止しています / already disabled: ${email} (${tokyoTime(done.disabledAt)})`
            : `停止しました。サインイン中のセッションも次の操作から使えません / disabled; every session of this person ends on its next request: ${email} (${tokyoTime(done.disabledAt)})`,
        );
        return 0;
      };
    } else if (command === 'team') {
      const input = parseTeam(rest);
      run = async (store) => {
        const changed = await store.write(async (trx) => {
          const done: string[] = [];
          for (const t of input.targets) {
            const ok = input.remove ? await removeTeamTarget(trx, input.team, t.kind, t.id) : await addTeamTarget(trx, input.team, t.kind, t.id);
            if (ok) done.push(`${t.kind}:${t.id}`);
          }
          if (done.length > 0) {
            await recordAudit(trx, { actor: CLI_ACTOR, action: 'team.change', targets: { kind: 'team', ids: [input.team] }, detail: { [input.remove ? 'removed' : 'added']: done } }, now());
          }
          return done;
        });
        const verb = input.remove ? '外しました / removed' : '加えました / added';
        out(changed.length > 0 ? `${input.team}: ${verb}: ${changed.join(', ')}` : `${input.team}: 変更なし / nothing to change`);
        return 0;
      };
    } else {
      throw new UsageError(command ? `不明なコマンド / unknown command: ${command}` : 'コマンドがありません / no command');
    }
  } catch (e) {
    // parseArgs refuses unknown or valueless options with a TypeError of its own.
    if (!(e instanceof UsageError) && !(e instanceof TypeError)) throw e;
    err(`${e.message}\n${USAGE}`);
    return 1;
  }

  return withStore(config, run);
};

await runAsMain(import.meta.url, runStaff);
