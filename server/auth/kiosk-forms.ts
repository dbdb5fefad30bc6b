/**
 * Which forms a kiosk tablet can take: only those a visitor can finish at the tablet. Reading (no
 * spec text covers kiosks): a form is left to residents' own phones when
 * - it asks for photos or files: the file calls are a resident's own (they refuse a kiosk's
 *   credential), and a picked photo would wait on the shared tablet for a delivery that never comes;
 * - it takes card payment: the payment follows the answer on the resident's own pages;
 * - it is a bed survey: stays are booked on the bed screens, with the resident's history.
 * The command line refuses to bind such a form, /kiosk/me leaves out one that became so after, and
 * its config read and putItem refuse a kiosk (403 kiosk_forbidden).
 */
import { BED_SURVEY_TYPE, type ServedSurveyConfig } from '@core/form/survey-config';
import type { ItemType } from '@core/form/item-types';

export type KioskUnfit = 'files' | 'payment' | 'bed';

const FILE_ITEM_TYPES: ReadonlySet<ItemType> = new Set<ItemType>(['image', 'secureFiles']);

/** Why a kiosk cannot take this form, or null when it can. */
export const kioskUnfitOf = (cfg: Pick<ServedSurveyConfig, 'surveySchema' | 'usePayment' | 'surveyType'>): KioskUnfit | null => {
  if (cfg.surveyType === BED_SURVEY_TYPE) return 'bed';
  if (cfg.usePayment === 1) return 'payment';
  if (cfg.surveySchema.some((i) => FILE_ITEM_TYPES.has(i.type))) return 'files';
  return null;
};

/** Why, in Japanese: the console's refusal names each unfit form with it. */
export const KIOSK_UNFIT_JA: Record<KioskUnfit, string> = {
  files: '写真・ファイルの項目があります',
  payment: 'カード決済を使います',
  bed: '入院予約のフォームです',
};

const KIOSK_UNFIT_EN: Record<KioskUnfit, string> = { files: 'it asks for photos or files', payment: 'it takes card payment', bed: 'it is a bed reservation form' };

/** For the operator at the command line, in both languages as its other lines are. */
export const KIOSK_UNFIT_TEXT = Object.fromEntries(Object.entries(KIOSK_UNFIT_JA).map(([k, ja]) => [k, `${ja} / ${KIOSK_UNFIT_EN[k as KioskUnfit]}`])) as Record<KioskUnfit, string>;
