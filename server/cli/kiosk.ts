/**
 * Kiosk tablets from the command line, against the database the server uses (same DATA_DIR /
 * DATABASE_URL / DATABASE_SCHEMA); safe beside a running server, which reads kiosks afresh on
 * every request:
 *   npm run kiosk:enrol -- --name 受付1 --forms clinic-yoyaku,kenko-survey [--idle 90]
 *   npm run kiosk:list
 *   npm run kiosk:revoke -- 受付1
 * enrol prints a one-time enrolment URL (valid 15 minutes) to open on the tablet. Exit 0 on
 * success, 1 with the reason otherwise (nothing written).
 */
import { parseArgs } from 'node:util';
import { KIOSK_IDLE_MAX_SECONDS, KIOSK_IDLE_MIN_SECONDS, KIOSK_NAME_MAX, kioskListState, type KioskListState } from '@core/rules/kiosk-enrolment';
import { loadConfig } from '../config';
import type { Store } from '../store/open';
import { UsageError, runAsMain, withStore } from './runner';
import { tokyoTime } from './tokyo-time';
import { ENROL_CODE_TTL_MS } from '../auth/kiosk';
import { KIOSK_UNFIT_TEXT } from '../auth/kiosk-forms';
import { enrolKioskIn, kioskEnrolUrl, prepareKioskEnrol, revokeKioskIn } from '../auth/kiosk-enrol';
import { listKiosks, type KioskListing, type KioskState } from '../store/kiosks';

const USAGE = [
  '使い方 / usage:',
  '  npm run kiosk:enrol -- --name NAME --forms SURVEY_ID[,SURVEY_ID…] [--idle SECONDS]',
  '  npm run kiosk:list',
  '  npm run kiosk:revoke -- NAME',
].join('\n');

const IDLE_MAX_SECONDS = KIOSK_IDLE_MAX_SECONDS;
const NAME_MAX = KIOSK_NAME_MAX;

/** Where the command writes, and the clock: the process's by default, a test's own otherwise. */
export interface KioskCliIo {
  env?: Record<string, string | undefined>;
  out?: (line: string) => void;
  err?: (line: string) => void;
  now?: () => Date;
}

/** A refusal of the command line itself: printed with the usage, exit 1. */

const tokyo = tokyoTime;

/** What enrol did, by the kiosk's state before. */
const ENROLLED: Record<KioskState, (name: string) => string> = {
  none: (name) => `端末を作成しました / kiosk created: ${name}`,
  pending: (name) => `新しい登録コードを発行しました（前のコードは使えません）/ new enrolment code for ${name}; the previous one no longer works`,
  active: (name) =>
    `新しい登録コードを発行しました（今の端末はこのコードが使われるまで使えます）/ new enrolment code for ${name}; the tablet in use keeps working until this code is used`,
  revoked: (name) => `停止中の端末を再開します（以前の端末は使えません）/ stopped kiosk ${name} enrolled again; its former tablet stays refused`,
};

const STATE_LABEL: Record<KioskListState, string> = { revoked: '停止', active: '利用中', pending: '登録待ち' };
const stateOf = (k: KioskListing): string => STATE_LABEL[kioskListState(k)];

export const formatKiosk = (k: KioskListing, defaultIdle: number): string =>
  [
    k.name,
    `forms: ${k.forms.join(',')}`,
    stateOf(k),
    `idle: ${k.idleSeconds ?? defaultIdle}s${k.idleSeconds === null ? ' (KIOSK_IDLE_SECONDS)' : ''}`,
    `created: ${tokyo(k.createdAt)}`,
    `enrolled: ${tokyo(k.enrolledAt)}`,
    `revoked: ${tokyo(k.revokedAt)}`,
    ...(k.enrolExpiresAt !== null ? [`code expires: ${tokyo(k.enrolExpiresAt)}`] : []),
  ].join('\t');

const parseEnrol = (args: string[]) => {
  const { values, positionals } = parseArgs({
    args,
    options: { name: { type: 'string' }, forms: { type: 'string' }, idle: { type: 'string' } },
    strict: true,
    allowPositionals: true,
  });
  if (positionals.length > 0) throw new UsageError(`余分な引数 / unexpected: ${positionals.join(' ')}`);
  const name = values.name?.trim() ?? '';
  if (name === '' || name.length > NAME_MAX) throw new UsageError(`--name: 1〜${NAME_MAX} 文字で指定してください / required, up to ${NAME_MAX} characters`);
  const forms = [...new Set((values.forms ?? '').split(',').map((f) => f.trim()).filter(Boolean))];
  if (forms.length === 0) throw new UsageError('--forms: フォームの surveyId をカンマ区切りで指定してください / required');
  let idleSeconds: number | null = null;
  if (values.idle !== undefined) {
    idleSeconds = Number(values.idle);
    if (!/^\d+$/.test(values.idle) || idleSeconds < KIOSK_IDLE_MIN_SECONDS || idleSeconds > IDLE_MAX_SECONDS) {
      throw new UsageError(`--idle: ${KIOSK_IDLE_MIN_SECONDS}〜${IDLE_MAX_SECONDS} の整数（秒）で指定してください / whole seconds`);
    }
  }
  return { name, forms, idleSeconds };
};

export const runKiosk = async (args: readonly string[], io: KioskCliIo = {}): Promise<number> => {
  const out = io.out ?? ((line: string) => void process.stdout.write(`${line}\n`));
  const err = io.err ?? ((line: string) => void process.stderr.write(`${line}\n`));
  const now = io.now ?? (() => new Date());
  const [command, ...rest] = args.filter((a) => a !== '--');

  let run: (store: Store) => Promise<number>;
  const config = loadConfig(io.env ?? process.env);
  try {
    if (command === 'enrol') {
      const { name, forms, idleSeconds } = parseEnrol(rest);
      run = async (store) => {
        await prepareKioskEnrol();
        const done = await store.write((trx) => enrolKioskIn(trx, { name, forms, idleSeconds }, now()));
        if (!done.ok && done.unknown.length > 0) {
          err(`次のフォームはありません。何も書き込んでいません / unknown forms, nothing written: ${done.unknown.join(', ')}`);
          return 1;
        }
        if (!done.ok) {
          const unfit = done.unfit.map((u) => `${u.surveyId}（${KIOSK_UNFIT_TEXT[u.why]}）`);
          err(`次のフォームは受付端末では使えません。何も書き込んでいません / forms a kiosk cannot take, nothing written: ${unfit.join(', ')}`);
          return 1;
        }
        const { code, expiresAt } = done;
        const idle = `${idleSeconds ?? config.kioskIdleSeconds}s${idleSeconds === null ? ' (KIOSK_IDLE_SECONDS)' : ''}`;
        out(ENROLLED[done.before](name));
        out(`フォーム / forms: ${forms.join(', ')}  放置時間 / idle: ${idle}`);
        out('登録URL（一回限り）/ one-time enrolment URL:');
        out(kioskEnrolUrl(config.publicUrl, code));
        out(`登録コード / code: ${code}`);
        out(`有効期限 / expires: ${tokyo(expiresAt)} (${ENROL_CODE_TTL_MS / 60_000} 分 / minutes)`);
        return 0;
      };
    } else if (command === 'list') {
      if (rest.length > 0) throw new UsageError(`余分な引数 / unexpected: ${rest.join(' ')}`);
      run = async (store) => {
        const kiosks = await listKiosks(store.db);
        if (kiosks.length === 0) out('端末はありません / no kiosks');
        for (const k of kiosks) out(formatKiosk(k, config.kioskIdleSeconds));
        return 0;
      };
    } else if (command === 'revoke') {
      const name = rest.length === 1 ? (rest[0] as string).trim() : '';
      if (name === '') throw new UsageError('停止する端末の名前を一つ指定してください / give one kiosk name');
      run = async (store) => {
        const done = await store.write((trx) => revokeKioskIn(trx, name, now()));
        if (!done) {
          err(`その名前の端末はありません / no kiosk named: ${name}`);
          return 1;
        }
        out(
          done.already
            ? `すでに停止しています / already revoked: ${name} (${tokyo(done.revokedAt)})`
            : `停止しました / revoked: ${name} (${tokyo(done.revokedAt)})`,
        );
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

await runAsMain(import.meta.url, runKiosk);
