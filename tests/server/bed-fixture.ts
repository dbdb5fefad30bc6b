/** A bed ward for the bed-stay tests: nights from today for 60 days, days relative to the real today. */
import { todayInTokyo } from '@core/ja/date-input';

export const today = todayInTokyo();
export const day = (offset: number): string => today.add({ days: offset }).toString();

export const bedSurvey = {
  surveyId: 'bed',
  surveyTitle: '入院予約',
  surveyType: 'bed',
  isAppending: { value: true },
  surveySchema: [{ itemKey: 'name', type: 'text', title: 'お名前', isRequired: { value: true } }],
};

export const bedBundle = (ward: Record<string, unknown> = {}) => ({
  surveyConfigs: [bedSurvey],
  bedWards: [
    {
      surveyId: 'bed',
      beds: [
        { bedId: 'b1', bedName: '1号床' },
        { bedId: 'b2', bedName: '2号床' },
        { bedId: 'b3', bedName: '3号床' },
      ],
      reservationPossibleStart: 2,
      reservationCancelLimit: 3,
      days: 60,
      ...ward,
    },
  ],
});

export const stayRows = (start: string, end: string, name = '山田 太郎', partitionKey?: string) => [
  { surveyId: 'bed', itemKey: 'name', value: name, ...(partitionKey ? { partitionKey } : {}) },
  { surveyId: 'bed', itemKey: 'startDate', value: `${start} 午後`, ...(partitionKey ? { partitionKey } : {}) },
  { surveyId: 'bed', itemKey: 'endDate', value: `${end} 午前`, ...(partitionKey ? { partitionKey } : {}) },
];
