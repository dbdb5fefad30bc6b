/**
 * Every Japanese text that spec 01 §8 and spec 02 §8 quote is found verbatim in the PWA's catalogue
 * (src/messages/ja.ts, and ja-screens.ts for screens in chunks of their own) or among the refusal
 * texts the server sends (core/refusals.ts). The list below
 * is checked against the two sections: each Japanese run of them must be part of one of its entries.
 * The sections are kept in tests/fixtures (a clone has no ../shared); where the spec is beside the
 * project, the copy must still equal it.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REFUSALS } from '@core/refusals';
import { ja } from '../../src/messages/ja';
import { jaScreens } from '../../src/messages/ja-screens';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SPEC_DIR = path.resolve(ROOT, '../shared/spec');

/** The texts, as the spec writes them (its odd spellings and spaces kept). */
const SPEC_TEXTS = [
  '●タイムアウトしました。再度やり直してください。',
  '●何度もこの表示が出る場合は、本帳票が無効になっている可能性があります。管理者にお問い合わせください。',
  '●本帳票が無効になっています。管理者にお問い合わせください。',
  '画面表示中にエラーが発生しました。管理者にお問い合わせください。',
  'エラーが発生しました。',
  '不明なエラーです。',
  'ネットワークエラーが発生しました。…もう一度再度やり直してください。',
  '複数のリクエストが送信されました。予約が正しく行われているかご確認ください。',
  '指定された日付・時間の枠は埋まっています。お手数ですが、他の日付・時間を選んでください。',
  '入力内容を確認してください',
  '予約変更・キャンセルの期限を過ぎています。予約窓口へ直接ご連絡をお願い致します。',
  'キャンセル済みの為変更はできません。管理者へ直接ご連絡をお願い致します。',
  'キャンセルの期限を過ぎています。管理者へ直接ご連絡をお願い致します。',
  'エラ－が発生しました。',
  '。エラー発生しました。管理者にお問い合わせください。',
  'エラー発生しました管理者にお問い合わせください',
  '画面を閉じてやり直してください。',
  'この予約はすでに送信されています。変更されたい場合は、ブラウザを閉じてからもう一度やり直してください',
  '変更処理には時間がかかることがあります。ブラウザバックを行うと処理が正常に終了しない可能性がありますので、必ず一度ブラウザを閉じてください。',
  '検索対象のデータがありません',
  '通常の帳票処理中にエラーが発生しました。',
  '検索実行中にエラー発生しました。',
  '帳票スキーマ見つけられません。管理者にお問い合わせください。',
  '不明なエラー発生しました。管理者に問い合わせください。',
  'っというエラー発生しました。管理者に問い合わせ下さい。',
  '不明',
  '予約なし',
  '不明日付形',
  '予約日付不明',
  '現在予約を受け付けておりません',
  '現在予約可能な枠がありません',
  '不明なエラーです。管理者にお問い合わせください。',
  '予約のキャンセル・変更が可能な期限を過ぎています。',
  'エラー',
  '画面表示中に問題が発生しました。画面を再度読み込んでください。',
  '現在決済を受け付けておりません。',
  '決済機能は追加型帳票でのみ利用可能です。',
  '現在キャンセルを受け付けておりません。',
  '不正なURLです。',
  '画面表示中にエラーが発生しました 。',
  'ファイルの準備中です。数十秒後にもう一度画面を開き直してご確認ください。',
  'ウイルス等の疑いがあるため、このファイルは利用できません。',
  '画面表示中にエラーが発生しました。',
  '該当する施設が見つかりませんでした',
  '入力内容を確認してください。',
  '1回目の接種が完了していない場合、2回目の接種の予約を実施できません。',
  '正しい郵便番号を入力してください。',
  '住所が見つかりません。直接住所を入力してください',
] as const;

const JAPANESE_RUN = /[\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Han}ー－●。、・…（）]+/gu;

const FIXTURE = path.join(ROOT, 'tests/fixtures/spec-error-catalogues.md');
const SPEC_FILES = ['01-core-forms.md', '02-reservations-commerce.md'];

const errorSectionOf = (file: string): string => {
  const text = readFileSync(path.join(SPEC_DIR, file), 'utf8');
  return text.slice(text.indexOf('## 8.'), text.indexOf('## 9.'));
};

const catalogueTexts = (node: unknown, into: string[] = []): string[] => {
  if (typeof node === 'string') into.push(node);
  else if (Array.isArray(node)) for (const n of node) catalogueTexts(n, into);
  else if (node && typeof node === 'object') for (const v of Object.values(node)) catalogueTexts(v, into);
  return into;
};

/** The refusals' fixed texts (a spec text is never one made of parameters). */
const refusalTexts = Object.values(REFUSALS).flatMap((r): string[] => (typeof r.text === 'string' ? [r.text] : []));

describe('spec 01 §8 and spec 02 §8 texts, verbatim', () => {
  const sections = readFileSync(FIXTURE, 'utf8');

  it('the kept sections are the spec’s, where the spec is at hand', () => {
    const here = existsSync(SPEC_DIR) ? SPEC_FILES.map(errorSectionOf).join('') : sections;
    expect(sections).toBe(here);
    expect(sections).toContain('## 8. Error catalogue');
  });

  it('the list holds every Japanese text the two sections quote', () => {
    const runs = new Set((sections.match(JAPANESE_RUN) ?? []).filter((r) => r !== '。'));
    const missing = [...runs].filter((run) => !SPEC_TEXTS.some((t) => t.includes(run)));
    expect(missing).toEqual([]);
  });

  it('each is in the catalogue or a refusal the server sends', () => {
    const texts = [...catalogueTexts(ja), ...catalogueTexts(jaScreens), ...refusalTexts];
    const missing = SPEC_TEXTS.filter((t) => !texts.some((c) => c.includes(t)));
    expect(missing).toEqual([]);
  });
});
