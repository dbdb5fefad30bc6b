/**
 * Kiosk tablets (core/contract/kiosk.ts): a tablet trades its one-time enrolment code for a
 * credential, and reads what it is set up for. What a kiosk may otherwise call is decided in
 * route() (http.ts) by the endpoints' `kiosk` flag, and per form in the routes that take a form.
 */
import { KIOSK_CODE_INVALID, kioskEnrol, kioskMe, type KioskInfo } from '@core/contract/kiosk';
import type { Kysely, Transaction } from 'kysely';
import type { RouteContext } from '../route-context';
import { refuse } from '@core/refusals';
import { hashSecret, kioskForbidden, kioskRevoked, newKioskToken, normaliseEnrolCode } from '../auth/kiosk';
import { kioskUnfitOf } from '../auth/kiosk-forms';
import { listEnabledSurveyConfigs } from '../store/configs';
import { findKioskById, redeemEnrolCode, type KioskRow } from '../store/kiosks';
import type { Database } from '../store/schema';

type Db = Kysely<Database> | Transaction<Database>;

export const registerKioskRoutes = (ctx: RouteContext): void => {
  const { store, config } = ctx.deps;

  /**
   * The kiosk as its tablet sees it: forms with their titles, in enrolled order, only those it can
   * answer now (enabled, and still fit for a kiosk: auth/kiosk-forms.ts).
   */
  const infoOf = async (db: Db, kiosk: KioskRow): Promise<KioskInfo> => {
    const open = new Map((await listEnabledSurveyConfigs(db, kiosk.forms)).map((c) => [c.surveyId, c]));
    return {
      name: kiosk.name,
      idleSeconds: kiosk.idleSeconds ?? config.kioskIdleSeconds,
      forms: kiosk.forms.flatMap((surveyId) => {
        const cfg = open.get(surveyId);
        return cfg === undefined || kioskUnfitOf(cfg) ? [] : [{ surveyId, surveyTitle: cfg.surveyTitle }];
      }),
    };
  };

  ctx.route(kioskEnrol, async ({ body, commit }) => {
    const token = newKioskToken();
    return commit(async (trx) => {
      const codeHash = hashSecret(normaliseEnrolCode(body.code));
      const kiosk = await redeemEnrolCode(trx, { codeHash, tokenHash: hashSecret(token), now: new Date().toISOString() });
      // Wrong, used, expired, or its kiosk stopped: one answer for all, so a guess learns nothing.
      if (!kiosk) throw refuse(KIOSK_CODE_INVALID);
      return { result: 'OK', token, kiosk: await infoOf(trx, kiosk) };
    });
  });

  ctx.route(kioskMe, async ({ user }) => {
    if (!user.kiosk) throw kioskForbidden();
    // Read afresh for the idle time and the forms as they are now (authenticate read the credential).
    const kiosk = await findKioskById(store.db, user.kiosk.id);
    if (!kiosk || kiosk.revoked) throw kioskRevoked();
    return { result: 'OK', kiosk: await infoOf(store.db, kiosk) };
  });
};
