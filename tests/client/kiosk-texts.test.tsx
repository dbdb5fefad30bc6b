/**
 * Issue 54, kiosk texts: a kiosk cannot look answers up and every visit is a new answer, so its
 * screens never point to 申込内容の照会 nor say that sending again overwrites; a booking of a later
 * day says it is changed at the counter with the 受付番号.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { todayInTokyo } from '@core/ja/date-input';
import bundle from '../../demo/bundle.json';
import { KioskCompletion } from '../../src/features/answer/kiosk-completion';
import { kioskDescription } from '../../src/features/answer/kiosk-texts';
import { ja } from '../../src/messages/ja';

vi.mock('../../src/features/answer/kiosk-home', () => ({ useKioskHome: () => () => {} }));

afterEach(cleanup);

describe('a form description on a kiosk', () => {
  it('leaves out the sentences about 申込内容の照会 and overwriting, and keeps the rest', () => {
    expect(kioskDescription('子育て相談のお申込みです。お申込み内容は「申込内容の照会」から確認できます（変更・キャンセルは窓口へご連絡ください）。')).toBe(
      '子育て相談のお申込みです。',
    );
    expect(kioskDescription('回答は一人一回です。再度送信すると前回の回答が上書きされます。\n送信後は変更できません。')).toBe('回答は一人一回です。\n送信後は変更できません。');
  });

  it('says none of it in any demo form', () => {
    for (const c of [...bundle.surveyConfigs, ...bundle.memberConfigs]) {
      const shown = kioskDescription(c.description ?? '');
      expect(shown, c.surveyId).not.toMatch(/照会|上書き/);
      if (c.description) expect(shown.length, c.surveyId).toBeGreaterThan(0);
    }
  });
});

const reserved = (date: string) => [{ itemKey: 'yoyaku', title: '予約内容', item: {}, value: `naika-ippan_i1|${date}|1` }];
const show = (answerCode: string | null, date: string) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } })}>
      <MantineProvider withCssVariables={false} withGlobalClasses={false}>
        <KioskCompletion answerCode={answerCode} delivery="delivered" reserved={reserved(date)} />
      </MantineProvider>
    </QueryClientProvider>,
  );

describe('the kiosk completion', () => {
  it('tells how to change a booking of a later day: at the counter, with the 受付番号', () => {
    show('A1B2C3', todayInTokyo().add({ days: 3 }).toString());
    expect(screen.getByTestId('kiosk-change-at-counter').textContent).toBe('予約の変更・キャンセルは、受付番号をお伝えのうえ窓口でお申し出ください。');
    expect(screen.getByTestId('kiosk-complete').textContent).not.toMatch(/照会|上書き/);
  });

  it('without a 受付番号, says the counter only', () => {
    show(null, todayInTokyo().add({ days: 1 }).toString());
    expect(screen.getByTestId('kiosk-change-at-counter').textContent).toBe(ja.kiosk.changeAtCounterNoCode);
  });

  it('says nothing of changes for a booking of today', () => {
    show('A1B2C3', todayInTokyo().toString());
    expect(screen.queryByTestId('kiosk-change-at-counter')).toBeNull();
  });
});
