import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { Temporal } from 'temporal-polyfill';
import { expectAxeClean, formTaken, importIntoE2e, surveyItem } from './support';

/**
 * Issue 26, vaccination (spec 02 §4, §8): a first dose is booked (count 1: no previous-vaccine
 * items); once the previous date is answered the calendar holds back the days before first date +
 * interval; a second dose booked before the date was answered is refused with the spec's text and
 * the earliest day, and booked on that day; a form whose intervals are 月数 counts months.
 */

const RUN = String(Date.now() % 1_000_000).padStart(6, '0');
const SPEC_TEXT = '1回目の接種が完了していない場合、2回目の接種の予約を実施できません。';
const today = Temporal.Now.plainDateISO('Asia/Tokyo');
/** A day as the page reads it (src/lib/ja-dates.ts): YYYY年M月D日（曜）. */
const readDay = (d: Temporal.PlainDate) => `${d.year}年${d.month}月${d.day}日（${'月火水木金土日'[d.dayOfWeek - 1]}）`;

const demo = JSON.parse(readFileSync('demo/bundle.json', 'utf8')) as { categoriesTree: unknown[] };
const form = (surveyId: string, interval: '日数' | '月数') => ({
  surveyId,
  surveyTitle: `ワクチン接種予約（${interval}）`,
  surveyStatus: 'enabled',
  surveyType: 'corona',
  isAppending: { value: true },
  isDisplayAnswerCode: { value: true },
  numberMonthShowCalendar: 3,
  vaccinationIntervalType: { input: interval },
  calendarSetting: { updateOrCancelSettings: 'updateAndCancel' },
  surveySchema: [
    { itemKey: 'kaisu', type: 'countVaccines', title: '接種回数', isRequired: { value: true } },
    {
      itemKey: 'maker',
      type: 'previousVaccineMaker',
      title: '前回接種したワクチン',
      isRequired: { value: true },
      options: ['ファイザー', 'モデルナ'],
      sectionOptions: [
        { option: 'ファイザー', groupheader: '20' },
        { option: 'モデルナ', groupheader: '1' },
      ],
    },
    { itemKey: 'zenkai', type: 'previousVaccineDate', title: '前回の接種日', isRequired: { value: true } },
    { itemKey: 'yoyaku', type: 'reservation', title: '接種日時', isRequired: { value: true }, categories_tree: { large: 'ワクチン', medium: '集団接種', small: '市民会館' } },
    { itemKey: 'jisshi', type: 'sesshuJisshiDate', title: '接種日', isAdminItem: true },
  ],
});

test.beforeAll(() =>
  importIntoE2e({
    calendars: [
      {
        sortKey: 'cal-e2e-vac',
        calendarName: '集団接種',
        calendarOff: 0,
        comaList: { '1': { start: '09:00', end: '09:30' }, '2': { start: '13:00', end: '13:30' } },
        reservationCancelLimit: 0,
        reservationPossibleStart: 0,
        reservationPossibleMonths: 2,
        reservationControlType: 0,
      },
    ],
    categoriesTree: [
      ...demo.categoriesTree,
      {
        id: 'e2e-vac',
        name: 'ワクチン',
        children: [
          {
            id: 'e2e-vac-shudan',
            name: '集団接種',
            children: [{ id: 'e2e-vac-kaikan', name: '市民会館', calendarId: 'cal-e2e-vac', items: [{ itemId: 'c1', itemName: '接種', cost: 1 }] }],
          },
        ],
      },
    ],
    slotRules: [{ calendarId: 'cal-e2e-vac', weekdays: [1, 2, 3, 4, 5, 6, 7], slots: { '1': 5, '2': 5 }, days: 60 }],
    surveyConfigs: [form('e2e-vac', '日数'), form('e2e-vac-m', '月数')],
  }),
);

const signInAs = async (page: Page, at: string, tag: string, name: string) => {
  await page.goto(at);
  await expect(page).toHaveURL(/\/dev\/oauth2\/v2\.1\/authorize\?/);
  await page.locator('input[name="dev_user"]').fill(`U${'e26'.repeat(8)}${tag}${RUN}`);
  await page.locator('input[name="dev_name"]').fill(name);
  await page.getByRole('button', { name: 'この ID でログイン' }).click();
  await expect(page.getByTestId('resident-name')).toContainText(name);
};

const choose = async (page: Page, label: RegExp, option: string) => {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

/** The first active slot on `date` (moving the week view on until it shows it). */
const pickOn = async (page: Page, date: Temporal.PlainDate) => {
  await expect(page.getByTestId('calendar-view')).toBeVisible();
  const onDay = page.locator(`[data-testid="slot"][data-state="active"][data-date="${date.toString()}"]`);
  for (let i = 0; i < 10 && (await onDay.count()) === 0; i += 1) await page.getByTestId('calendar-next').click();
  await onDay.first().click();
};

/** Moves the week view on until it shows `date`, then expects none of that day's slots to be offered. */
const heldBack = async (page: Page, date: Temporal.PlainDate) => {
  const onDay = page.locator(`[data-testid="slot"][data-date="${date.toString()}"]`);
  for (let i = 0; i < 10 && (await onDay.count()) === 0; i += 1) await page.getByTestId('calendar-next').click();
  await expect(onDay.first()).toBeVisible();
  await expect(page.locator(`[data-testid="slot"][data-state="active"][data-date="${date.toString()}"]`)).toHaveCount(0);
  for (const slot of await onDay.all()) await expect(slot).toBeDisabled();
};

const send = async (page: Page) => {
  await page.getByTestId('submit-button').click();
  await page.getByRole('dialog').getByRole('button', { name: '送信する' }).click();
  await expect(page.getByTestId('survey-complete')).toBeVisible();
};

/** A second dose's answers; `pickFirst`: a slot booked before the previous date is answered. */
const secondDose = async (page: Page, surveyId: string, maker: string, previous: Temporal.PlainDate, pickFirst?: Temporal.PlainDate) => {
  await page.goto(`/survey/${surveyId}`);
  await formTaken(page);
  await choose(page, /^接種回数/, '2');
  await choose(page, /^前回接種したワクチン/, maker);
  if (pickFirst) await pickOn(page, pickFirst);
  await surveyItem(page, 'zenkai').locator('input').fill(previous.toString());
  await surveyItem(page, 'zenkai').locator('input').blur();
};

test('日数: a first dose, then a second dose too early is held back or refused with the spec text, on the earliest day booked', async ({ page }) => {
  await signInAs(page, '/survey/e2e-vac', 'd', `接種 太郎${RUN}`);
  // The first dose: count 1 removes the previous-vaccine items.
  await choose(page, /^接種回数/, '1');
  await expect(surveyItem(page, 'zenkai')).toHaveCount(0);
  await expect(surveyItem(page, 'maker')).toHaveCount(0);
  const first = today.add({ days: 1 });
  await pickOn(page, first);
  await send(page);

  // The second dose, ファイザー (20 + 1 days): a week after the first is too early. It was booked
  // before the previous date was answered, when every day was still offered.
  await secondDose(page, 'e2e-vac', 'ファイザー', first, first.add({ days: 7 }));
  const earliest = first.add({ days: 21 });
  // The calendar says the earliest day once the previous date is known.
  await expect(page.getByTestId('vaccine-hint')).toContainText(`${earliest.month}月${earliest.day}日`);
  await page.getByTestId('submit-button').click();
  const picker = surveyItem(page, 'yoyaku');
  await expect(picker).toContainText(SPEC_TEXT);
  await expect(picker).toContainText(`${readDay(earliest)}以降の日付を選んでください。`);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectAxeClean(page, 'second dose refused');

  // The calendar no longer offers the day before the earliest; the earliest day is booked.
  await heldBack(page, earliest.subtract({ days: 1 }));
  await pickOn(page, earliest);
  await send(page);
});

test('the calendar opens on the earliest day once the previous date is answered', async ({ page }) => {
  await signInAs(page, '/survey/e2e-vac', 'o', `接種 次郎${RUN}`);
  const previous = today.subtract({ days: 6 });
  const earliest = previous.add({ days: 21 });
  await secondDose(page, 'e2e-vac', 'ファイザー', previous);
  await expect(page.getByTestId('vaccine-hint')).toContainText(`${earliest.month}月${earliest.day}日`);
  // Two weeks on from this week, shown with no step of the resident's.
  await expect(page.locator(`[data-testid="slot"][data-state="active"][data-date="${earliest.toString()}"]`).first()).toBeVisible();
  await expect(page.locator(`[data-testid="slot"][data-date="${today.toString()}"]`)).toHaveCount(0);
});

test('月数: the interval counts months (モデルナ: 1 month, then a day)', async ({ page }) => {
  await signInAs(page, '/survey/e2e-vac-m', 'm', `接種 花子${RUN}`);
  const previous = today.subtract({ days: 25 });
  const earliest = previous.add({ months: 1 }).add({ days: 1 });
  await secondDose(page, 'e2e-vac-m', 'モデルナ', previous, earliest.subtract({ days: 1 }));
  await page.getByTestId('submit-button').click();
  await expect(surveyItem(page, 'yoyaku')).toContainText(`${SPEC_TEXT}${readDay(earliest)}以降の日付を選んでください。`);
  await heldBack(page, earliest.subtract({ days: 1 }));
  await pickOn(page, earliest);
  await send(page);
});
