/**
 * `npm run forms:import -- FILE.json`: imports a bundle into the database the server uses (same
 * DATA_DIR / DATABASE_URL / DATABASE_SCHEMA). Safe beside a running server: the import is one
 * transaction.
 * Exit 0 on success, 1 with every problem listed when the bundle is refused.
 */
import { loadConfig } from '../config';
import { runAsMain, withStore } from './runner';
import { BundleError, importBundleFile, type ImportSummary } from '../forms/import';

const USAGE = '使い方 / usage: npm run forms:import -- FILE.json';

const list = (ids: string[]) => (ids.length > 0 ? ` (${ids.join(', ')})` : '');

export const formatSummary = (file: string, s: ImportSummary): string =>
  [
    `取り込み完了 / imported: ${file}`,
    `  新規 / created:     ${s.created.length}${list(s.created)}`,
    `  更新 / updated:     ${s.updated.length}${list(s.updated)}`,
    `  変更なし / unchanged: ${s.unchanged.length}${list(s.unchanged)}`,
    `  カレンダー / calendars: ${s.calendars}, 枠 / slots: ${s.slots}, 休日 / days off: ${s.dayOffs}`,
    `  決済サービス / payment services: ${s.paymentServices}`,
    `  会員帳票 / member forms: ${s.memberConfigs}`,
    `  病床 / bed wards: ${s.bedWards}${s.bedNightsKept.length > 0 ? `, 予約済みのため病床数を据え置いた夜 / nights kept: ${s.bedNightsKept.join(', ')}` : ''}`,
  ].join('\n');

export const runImport = async (args: readonly string[]): Promise<number> => {
  const files = args.filter((a) => a !== '--');
  const file = files[0];
  if (!file || files.length > 1) {
    process.stderr.write(`${USAGE}\n`);
    return 1;
  }
  const config = loadConfig();
  return withStore(config, async (store) => {
    try {
      const summary = await importBundleFile(store, file);
      process.stdout.write(`${formatSummary(file, summary)}\n`);
      return 0;
    } catch (e) {
      if (!(e instanceof BundleError)) throw e;
      process.stderr.write(`取り込めませんでした。何も書き込んでいません / bundle refused, nothing written:\n${e.problems.join('\n')}\n`);
      return 1;
    }
  });
};

await runAsMain(import.meta.url, runImport);
