/** Spec 01 §8, the error catalogue: one test per row of the table. */
import { describe, expect, it } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import { ApiClientError } from '../../src/lib/api-error';
import {
  cancelErrorText,
  displayDate,
  displayValue,
  loadErrorLines,
  reservationDateHeading,
  resultsErrorText,
  searchErrorText,
  storedRefusalTextOf,
  submitErrorText,
  writeErrorText,
} from '../../src/lib/error-text';
import { errorDetailFor, errorLinesFor, rawErrorDetail } from '../../src/ui/error-text';
import { isGuardedMove } from '../../src/app/navigation-guard';
import { describeSendError, hasLongUnknownText } from '../../src/form/submit-flow';
import { ja } from '../../src/messages/ja';

const err = (status: number, code: string, errorMessage = '') => new ApiClientError({ status, code, errorMessage });
const TIMEOUT = ['●タイムアウトしました。再度やり直してください。', '●何度もこの表示が出る場合は、本帳票が無効になっている可能性があります。管理者にお問い合わせください。'];

describe('spec 01 §8 error catalogue', () => {
  it('config missing ("no survey config.") or a timed-out request → the two timeout lines', () => {
    expect(loadErrorLines(err(200, 'error', 'no survey config.'))).toEqual(TIMEOUT);
    expect(loadErrorLines(err(0, 'timeout', 'Request timeout'))).toEqual(TIMEOUT);
    // The survey screen's load error reads the same catalogue.
    expect(errorLinesFor(err(200, 'error', 'no survey config.'))).toEqual(TIMEOUT);
  });

  it('an unknown or closed form (404 "no survey config.") → 本帳票が無効になっています', () => {
    expect(loadErrorLines(err(404, 'not_found', 'no survey config.'))).toEqual([ja.errors.notFound]);
  });

  it('403 invalid_request "IdToken expired." → the token-expired text (sign in again), everywhere; other 403 thrown to the error card', () => {
    const expired = err(403, 'invalid_request', 'IdToken expired.');
    const text = 'ログインの有効期限が切れました。もう一度ログインしてください。';
    expect(loadErrorLines(expired)).toEqual([text]);
    for (const e of [expired, err(401, 'unauthorized', 'IdToken is invalid.')]) {
      expect(loadErrorLines(e)).toEqual([text]);
      expect(submitErrorText(e)).toBe(text);
      expect(cancelErrorText(e, { onCancelPage: true })).toBe(text);
      expect(searchErrorText(e, 'search')).toBe(text);
      expect(resultsErrorText(e)).toBe(text);
    }
    // Only the exact answer: another 403 invalid_request is a refusal like any other.
    expect(loadErrorLines(err(403, 'invalid_request', 'something else'))).toBeNull();
    expect(loadErrorLines(err(403, 'forbidden', 'nope'))).toBeNull();
  });

  it('404 / NotFound → 本帳票が無効になっています', () => {
    expect(loadErrorLines(err(404, 'not_found', 'no survey result.'))).toEqual(['●本帳票が無効になっています。管理者にお問い合わせください。']);
    expect(loadErrorLines(err(400, 'NotFound', 'x'))).toEqual([ja.errors.notFound]);
  });

  it('other load errors → null (the error card shows them raw); display failure text', () => {
    expect(loadErrorLines(err(500, 'internal', 'boom'))).toBeNull();
    expect(loadErrorLines(new Error('x'))).toBeNull();
    expect(ja.errors.displayFailure).toBe('画面表示中にエラーが発生しました。管理者にお問い合わせください。');
  });

  it('submit error → エラーが発生しました。 plus the server text; unknown → 不明なエラーです。', () => {
    expect(submitErrorText(err(400, 'bad_request', 'サーバーの文'))).toBe('エラーが発生しました。サーバーの文');
    expect(submitErrorText(new Error('?'))).toBe('不明なエラーです。');
  });

  it('submit error, unknown, on a form with a group header or date item → the longer "cannot be processed" text', () => {
    const long = ja.form.submitUnsupported;
    expect(long).toMatch(/現在のバージョンでは処理できません/);
    const item = (type: string) => ({ itemKey: type, type, title: type }) as never;
    expect(hasLongUnknownText({ surveySchema: [item('text'), item('groupHeader')] })).toBe(true);
    expect(hasLongUnknownText({ surveySchema: [item('birthday')] })).toBe(true);
    expect(hasLongUnknownText({ surveySchema: [item('text'), item('radio')] })).toBe(false);
    expect(describeSendError(new Error('?'), { longUnknown: true }).message).toBe(long);
    expect(describeSendError(err(200, 'invalid_response', 'answer does not match the contract'), { longUnknown: true }).message).toBe(long);
    expect(describeSendError(new Error('?')).message).toBe('不明なエラーです。');
    // A server's own refusal keeps its text, on any form.
    expect(describeSendError(err(400, 'bad_request', 'サーバーの文'), { longUnknown: true }).message).toBe('エラーが発生しました。サーバーの文');
  });

  it('network error → ネットワークエラー…', () => {
    expect(loadErrorLines(err(0, 'network', 'Failed to fetch'))).toEqual(['ネットワークエラーが発生しました。…もう一度再度やり直してください。']);
    expect(writeErrorText(err(0, 'network', 'Failed to fetch'))).toBe(ja.errors.network);
  });

  it('409 temporary_locked → 複数のリクエストが送信されました。…', () => {
    expect(submitErrorText(err(409, 'temporary_locked', 'x'))).toBe('複数のリクエストが送信されました。予約が正しく行われているかご確認ください。');
  });

  it('quota_exceeded → 指定された日付・時間の枠は埋まっています。…', () => {
    expect(submitErrorText(err(409, 'quota_exceeded', 'x'))).toBe('指定された日付・時間の枠は埋まっています。お手数ですが、他の日付・時間を選んでください。');
  });

  it('spec 02 §8 reservation check failure (reservation_limit) → the message followed by the detail in brackets', () => {
    const refused = new ApiClientError({ status: 409, code: 'reservation_limit', errorMessage: '上限です。', checkDetail: '1日1件まで・予約済み1件' });
    expect(submitErrorText(refused)).toBe('上限です。（1日1件まで・予約済み1件）');
    expect(writeErrorText(refused)).toBe('上限です。（1日1件まで・予約済み1件）');
    // No detail: the message alone.
    expect(submitErrorText(err(409, 'reservation_limit', '上限です。'))).toBe('上限です。');
    // The same from an outbox entry's stored refusal; other codes by their catalogue text or none.
    expect(storedRefusalTextOf({ code: 'reservation_limit', message: '上限です。', checkDetail: '期間内3件まで・予約済み3件' })).toBe('上限です。（期間内3件まで・予約済み3件）');
    expect(storedRefusalTextOf({ code: 'quota_exceeded', message: 'x' })).toBe(ja.errors.quotaExceeded);
    expect(storedRefusalTextOf({ code: 'bad_request', message: 'x' })).toBeNull();
  });

  it('form invalid (400 invalid_answer) → 入力内容を確認してください', () => {
    expect(submitErrorText(err(400, 'invalid_answer', 'x'))).toBe('入力内容を確認してください');
  });

  it('cancel deadline passed (403 cancel_deadline_passed) → 予約変更・キャンセルの期限を過ぎています。…', () => {
    expect(cancelErrorText(err(403, 'cancel_deadline_passed', 'x'))).toBe('予約変更・キャンセルの期限を過ぎています。予約窓口へ直接ご連絡をお願い致します。');
  });

  it('cancel, payment cancelled → キャンセル済みの為変更はできません。…', () => {
    expect(cancelErrorText(err(409, 'payment_cancelled', 'x'))).toBe('キャンセル済みの為変更はできません。管理者へ直接ご連絡をお願い致します。');
  });

  it('cancel, payment too old (the code the server sends) → キャンセルの期限を過ぎています。…', () => {
    expect(cancelErrorText(err(403, 'payment_cancel_expired', 'x'))).toBe('キャンセルの期限を過ぎています。管理者へ直接ご連絡をお願い致します。');
  });

  it('cancel failure: ERROR result shows its errorMessage (default エラ－が発生しました。); thrown appends; cancel page adds its line', () => {
    expect(cancelErrorText(err(200, 'error', '取消できません'))).toBe('取消できません');
    expect(cancelErrorText(err(200, 'error', ''))).toBe('エラ－が発生しました。');
    // cancel_forbidden: the server's own text.
    expect(cancelErrorText(err(403, 'cancel_forbidden', '現在キャンセルを受け付けておりません。'))).toBe('現在キャンセルを受け付けておりません。');
    expect(cancelErrorText(new Error('boom'))).toBe('boom。エラー発生しました。管理者にお問い合わせください。');
    expect(cancelErrorText(err(500, 'internal', '内部エラー。'), { onCancelPage: true })).toBe(
      '内部エラー。エラー発生しました。管理者にお問い合わせください。画面を閉じてやり直してください。',
    );
  });

  it('cancel failure thrown with no message of its own → エラー発生しました管理者にお問い合わせください (the unpunctuated variant)', () => {
    expect(cancelErrorText(new Error(''))).toBe('エラー発生しました管理者にお問い合わせください');
    expect(cancelErrorText(err(500, 'internal', ''), { onCancelPage: true })).toBe('エラー発生しました管理者にお問い合わせください画面を閉じてやり直してください。');
  });

  it('already-sent reservation → この予約はすでに送信されています。…', () => {
    expect(ja.offline.alreadySent).toBe('この予約はすでに送信されています。変更されたい場合は、ブラウザを閉じてからもう一度やり直してください');
  });

  it('completion notice; it is also the navigation guard from the survey page to the confirm pages', () => {
    expect(ja.errors.completionNotice).toBe(
      '変更処理には時間がかかることがあります。ブラウザバックを行うと処理が正常に終了しない可能性がありますので、必ず一度ブラウザを閉じてください。',
    );
    expect(isGuardedMove('/survey/sodai-gomi', '/confirmList')).toBe(true);
    expect(isGuardedMove('/survey/sodai-gomi', '/confirm')).toBe(true);
    expect(isGuardedMove('/survey/sodai-gomi', '/cancelConfirm/x')).toBe(true);
    expect(isGuardedMove('/confirmList', '/survey/sodai-gomi')).toBe(false);
    expect(isGuardedMove('/survey/sodai-gomi', '/')).toBe(false);
    // From a completion (?sent=…) nothing is midway: its 照会 link goes through.
    expect(isGuardedMove('/survey/sodai-gomi', '/confirm', '?sent=abc')).toBe(false);
    expect(isGuardedMove('/survey/sodai-gomi', '/confirm', '?partitionKey=x')).toBe(true);
  });

  it('search: no data, load failure, search failure', () => {
    expect(ja.errors.searchNoData).toBe('検索対象のデータがありません');
    expect(searchErrorText(err(500, 'internal', 'x'), 'load')).toBe('通常の帳票処理中にエラーが発生しました。');
    expect(searchErrorText(err(500, 'internal', 'x'), 'search')).toBe('検索実行中にエラー発生しました。');
  });

  it('member → 帳票スキーマ見つけられません。…', () => {
    expect(ja.errors.memberSchemaMissing).toBe('帳票スキーマ見つけられません。管理者にお問い合わせください。');
  });

  it('results display failure: server text, default, exception suffix', () => {
    expect(resultsErrorText(err(500, 'internal', 'サーバーの文'))).toBe('サーバーの文');
    expect(resultsErrorText(err(500, 'internal', ''))).toBe('不明なエラー発生しました。管理者に問い合わせください。');
    expect(resultsErrorText(new Error('TypeError x'))).toBe('TypeError xっというエラー発生しました。管理者に問い合わせ下さい。');
  });

  it('display values: 不明 / 予約なし / 不明日付形 / 予約日付不明', () => {
    expect(displayValue('')).toBe('不明');
    expect(displayValue(undefined)).toBe('不明');
    expect(displayValue('あ')).toBe('あ');
    expect(displayDate(null)).toBe('予約なし');
    expect(displayDate('2026/13/40')).toBe('不明日付形');
    expect(displayDate('2026-11-23')).toBe('11月23日（月）');
    expect(reservationDateHeading(null)).toBe('予約日付不明');
    expect(reservationDateHeading(Temporal.PlainDate.from('2026-11-24'))).toBe('11月24日（火）');
  });

  it('page restored from the back-forward cache reloads', async () => {
    const fs = await import('node:fs');
    const main = fs.readFileSync('src/main.tsx', 'utf8');
    expect(main).toMatch(/pageshow[\s\S]*persisted[\s\S]*location\.reload\(\)/);
  });
});

describe('the error card\'s detail', () => {
  it('is the server\'s own words raw (spec 01 §8), but never English the client made up itself', () => {
    expect(errorDetailFor(err(500, 'internal', 'サーバーでエラーが発生しました。'))).toBe('サーバーでエラーが発生しました。');
    expect(errorDetailFor(err(403, 'forbidden', 'nope'))).toBe('nope');
    expect(errorDetailFor(err(502, 'http_502', 'Bad Gateway'))).toBe(ja.errors.server);
    expect(errorDetailFor(err(200, 'invalid_response', 'GET /x: answer does not match the contract'))).toBe(ja.errors.server);
    expect(errorDetailFor(err(404, 'http_404', 'Not Found'))).toBe(ja.errors.unknown);
    // The raw form stays for support (the card's data-detail).
    expect(rawErrorDetail(err(502, 'http_502', 'Bad Gateway'))).toBe('502 http_502: Bad Gateway');
  });
});
