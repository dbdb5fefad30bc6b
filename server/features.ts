/**
 * The build switches' refusals (config.ts MEMBERS, SECURE_FILE_UPLOAD; core/rules/features.ts).
 * A switched-off part's calls are answered here, ahead of sign-in and of the idempotency layer, so
 * a refusal is never stored as a key's answer that would outlive the switch. PAYMENT=0 needs no
 * gate of its own: it leaves the server without a provider, which every payment call refuses.
 */
import { API_PREFIX } from '@core/contract/define';
import { surveyResourcesSecureFiles } from '@core/contract/files';
import type { Features } from '@core/rules/features';
import type { App } from './app-env';
import { ApiError, errorAnswerOf } from './http';

/** Texts of ours: the spec gives none for a part that is switched off. */
export const MEMBERS_OFF_TEXT = '会員機能は現在ご利用いただけません。';
export const SECURE_FILES_OFF_TEXT = '現在ファイルのアップロードを受け付けておりません。';

export const FEATURE_OFF_CODE = 'feature_off';

export const registerFeatureGates = (app: App, features: Features): void => {
  const refuse = (pattern: string, text: string, method?: string) =>
    app.use(`${API_PREFIX}${pattern}`, async (c, next) => {
      if (method && c.req.method !== method) return next();
      return c.json(errorAnswerOf(c.get('requestId'), new ApiError(403, FEATURE_OFF_CODE, text)), 403);
    });
  if (!features.members) {
    refuse('/member-configs/*', MEMBERS_OFF_TEXT);
    refuse('/member-results/*', MEMBERS_OFF_TEXT);
  }
  // Only new uploads: files already sent keep their status and download, the resident's own.
  if (!features.secureFiles) refuse(surveyResourcesSecureFiles.path, SECURE_FILES_OFF_TEXT, surveyResourcesSecureFiles.method);
};
