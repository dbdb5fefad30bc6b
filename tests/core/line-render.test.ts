/** The LINE message renderer (core/messages/render.ts): a Flex bubble per kind from facts and templates. */
import { describe, expect, it } from 'vitest';
import { MESSAGE_KINDS, type MessageFacts } from '@core/messages/kinds';
import type { FlexBox, FlexComponent, LineMessage } from '@core/messages/line-message';
import { ALT_TEXT_MAX, renderMessage } from '@core/messages/render';
import { formMessageSettings, type FormMessageSettings } from '@core/messages/settings';
import { DEFAULT_TEMPLATES } from '@core/messages/texts';

const none: MessageFacts = { formTitle: '健康診断', answerCode: null, reservation: null, stay: null, receiptUrl: null, status: null, answerUrl: null };
const booking: MessageFacts = {
  ...none,
  answerCode: 'A-0012',
  reservation: { day: '2026-12-04', time: '10:00', categories: ['内科', '一般健診'], place: '保健センター 2階' },
  answerUrl: 'https://city.example.jp/survey/kenshin',
};
const settings = (over: Partial<FormMessageSettings> = {}): FormMessageSettings => ({
  ...formMessageSettings({ surveyId: 'f', surveyTitle: 't', surveyStatus: 'enabled', surveySchema: [], numberMonthShowCalendar: 1 }),
  ...over,
});

const flex = (m: LineMessage) => {
  if (m.type !== 'flex') throw new Error('not a flex message');
  return m;
};
const texts = (c: FlexComponent | FlexBox | undefined): string[] =>
  !c ? [] : c.type === 'text' ? [c.text] : c.type === 'box' ? c.contents.flatMap(texts) : c.type === 'button' ? [c.action.label] : [];
/** The body's rows as label → value. */
const rows = (m: LineMessage): Record<string, string> => {
  const box = flex(m).contents.body.contents.find((c): c is FlexBox => c.type === 'box');
  return Object.fromEntries((box?.contents ?? []).map((r) => texts(r) as [string, string]));
};

describe('renderMessage', () => {
  it('renders every kind as a bubble with its default title, non-empty texts and an altText within 400', () => {
    const facts: MessageFacts = { ...booking, stay: { from: '2026-12-10', to: '2026-12-12', ward: '東病棟', bed: '3' }, status: { to: '対応済', text: '書類を受け付けました。' }, receiptUrl: 'https://city.example.jp/receipt/1' };
    for (const kind of MESSAGE_KINDS) {
      const m = flex(renderMessage(kind, facts, settings()));
      expect(texts(m.contents.header)[0], kind).toBe(DEFAULT_TEMPLATES[kind].title);
      expect(m.altText.startsWith(`【${DEFAULT_TEMPLATES[kind].title}】`), kind).toBe(true);
      expect(Array.from(m.altText).length).toBeLessThanOrEqual(ALT_TEXT_MAX);
      for (const t of [...texts(m.contents.header), ...texts(m.contents.body), ...texts(m.contents.footer)]) expect(t.trim(), kind).not.toBe('');
    }
  });

  it('a booking shows form, code, the Japanese date with weekday and time, the items joined and the place', () => {
    const m = renderMessage('reservation_booked', booking, settings());
    expect(rows(m)).toEqual({ フォーム: '健康診断', 受付番号: 'A-0012', 日時: '2026年12月4日（金） 10:00', 予約項目: '内科 / 一般健診', 場所: '保健センター 2階' });
    expect(flex(m).altText).toBe('【予約が完了しました】2026年12月4日（金） 10:00 予約項目: 内科 / 一般健診 場所: 保健センター 2階 受付番号: A-0012 以下の内容でご予約を承りました。');
  });

  it('a stay shows admission and discharge (the day after the last night) and the ward and bed', () => {
    const m = renderMessage('stay_booked', { ...none, stay: { from: '2026-12-10', to: '2026-12-12', ward: '東病棟', bed: '3' } }, settings());
    expect(rows(m)).toMatchObject({ 入院日: '2026年12月10日（木）', 退院日: '2026年12月12日（土）', 病棟: '東病棟 3' });
  });

  it('a status change says the status and the form’s text for it', () => {
    const m = renderMessage('status_changed', { ...none, status: { to: '対応済', text: '窓口でお受け取りください。' } }, settings());
    expect(rows(m)['対応状況']).toBe('対応済');
    expect(texts(flex(m).contents.body)).toContain('窓口でお受け取りください。');
  });

  it('fills the placeholders of the form’s title and body; a title that fills to nothing keeps the default', () => {
    const own = settings({ templates: { reservation_booked: { title: '{フォーム名}のご予約', body: '{日時}に{場所}へお越しください（{受付番号}）。' } } });
    const m = flex(renderMessage('reservation_booked', booking, own));
    expect(texts(m.contents.header)).toEqual(['健康診断のご予約']);
    expect(texts(m.contents.body)[0]).toBe('2026年12月4日（金） 10:00に保健センター 2階へお越しください（A-0012）。');
    expect(m.altText.startsWith('【健康診断のご予約】')).toBe(true);
    const empty = flex(renderMessage('answer_received', none, settings({ templates: { answer_received: { title: '{受付番号}' } } })));
    expect(texts(empty.contents.header)).toEqual([DEFAULT_TEMPLATES.answer_received.title]);
  });

  it('leaves an unknown name in braces as written (the save refuses it: config-schema)', () => {
    const m = flex(renderMessage('answer_received', none, settings({ templates: { answer_received: { body: '{未知} {フォーム名}' } } })));
    expect(texts(m.contents.body)[0]).toBe('{未知} 健康診断');
  });

  it('keeps the altText within 400 characters when the title and body are long', () => {
    const long = settings({ templates: { reservation_booked: { title: 'あ'.repeat(100), body: '🏥'.repeat(1000) } } });
    const m = flex(renderMessage('reservation_booked', { ...booking, formTitle: 'い'.repeat(500) }, long));
    expect(Array.from(m.altText)).toHaveLength(ALT_TEXT_MAX);
    expect(m.altText.endsWith('…')).toBe(true);
  });

  it('has footer buttons only for the URLs the facts have', () => {
    expect(flex(renderMessage('answer_received', none, settings())).contents.footer).toBeUndefined();
    const answer = flex(renderMessage('answer_received', { ...none, answerUrl: 'https://city.example.jp/a' }, settings())).contents.footer;
    expect(answer?.contents).toEqual([{ type: 'button', style: 'link', action: { type: 'uri', label: '回答を確認', uri: 'https://city.example.jp/a' } }]);
    const paid = flex(renderMessage('payment_completed', { ...none, receiptUrl: 'https://city.example.jp/r/1' }, settings())).contents.footer;
    expect(texts(paid)).toEqual(['領収書を表示']);
    expect(flex(renderMessage('payment_completed', { ...none, receiptUrl: 'javascript:alert(1)' }, settings())).contents.footer).toBeUndefined();
  });

  it('leaves out the rows of facts a message lacks', () => {
    expect(rows(renderMessage('answer_received', none, settings()))).toEqual({ フォーム: '健康診断' });
    const noPlace = renderMessage('reminder', { ...booking, answerCode: null, reservation: { day: '2026-12-04', time: null, categories: [], place: null } }, settings());
    expect(rows(noPlace)).toEqual({ フォーム: '健康診断', 日時: '2026年12月4日（金）' });
  });
});
