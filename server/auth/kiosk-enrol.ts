/**
 * Enrolling and stopping a kiosk tablet: the one step behind `npm run kiosk:*` and the console's
 * kiosk screen. Every form is checked (known, and one a visitor can finish at a tablet) in the
 * same transaction that writes, so a refused enrolment writes nothing; the caller adds its audit
 * row to that transaction.
 */
import type { Transaction } from 'kysely';
import { ITEM_TYPES } from '@core/form/item-types';
import { loadItemDefs } from '@core/items/registry';
import type { Database } from '../store/schema';
import { findSurveyConfig } from '../store/configs';
import { enrolKiosk, existingSurveyIds, kioskStateByName, revokeKiosk, type KioskState } from '../store/kiosks';
import { ENROL_CODE_TTL_MS, hashSecret, newEnrolCode, newKioskId } from './kiosk';
import { kioskUnfitOf, type KioskUnfit } from './kiosk-forms';

export interface KioskEnrolInput {
  name: string;
  forms: readonly string[];
  /** null: the server's default (KIOSK_IDLE_SECONDS). */
  idleSeconds: number | null;
}

export type KioskEnrolled =
  | { ok: true; id: string; code: string; expiresAt: string; before: KioskState }
  | { ok: false; unknown: string[]; unfit: { surveyId: string; why: KioskUnfit }[] };

/** Stored configs are parsed by their item types' schemas: load them before a transaction reads one. */
export const prepareKioskEnrol = () => loadItemDefs(ITEM_TYPES);

/** The enrolment URL the tablet opens (or scans as a QR code). */
export const kioskEnrolUrl = (publicUrl: string, code: string): string => `${publicUrl.replace(/\/$/, '')}/kiosk/enrol?code=${encodeURIComponent(code)}`;

/** Creates the kiosk or gives the one of this name a new one-time code, in `trx`; refused with the unknown and unfit forms. */
export const enrolKioskIn = async (trx: Transaction<Database>, a: KioskEnrolInput, now: Date): Promise<KioskEnrolled> => {
  const known = await existingSurveyIds(trx, a.forms);
  const unknown = a.forms.filter((f) => !known.has(f));
  if (unknown.length > 0) return { ok: false, unknown, unfit: [] };
  const unfit: { surveyId: string; why: KioskUnfit }[] = [];
  for (const surveyId of a.forms) {
    const cfg = await findSurveyConfig(trx, surveyId);
    const why = cfg && kioskUnfitOf(cfg);
    if (why) unfit.push({ surveyId, why });
  }
  if (unfit.length > 0) return { ok: false, unknown, unfit };
  const code = newEnrolCode();
  const expiresAt = new Date(now.getTime() + ENROL_CODE_TTL_MS).toISOString();
  const before = await kioskStateByName(trx, a.name);
  const id = await enrolKiosk(trx, { newId: newKioskId(), name: a.name, forms: a.forms, idleSeconds: a.idleSeconds, codeHash: hashSecret(code), expiresAt, now: now.toISOString() });
  return { ok: true, id, code, expiresAt, before };
};

/** Stops the kiosk of this name in `trx`; null: none has it. */
export const revokeKioskIn = (trx: Transaction<Database>, name: string, now: Date) => revokeKiosk(trx, name, now.toISOString());
