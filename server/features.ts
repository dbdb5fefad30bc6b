/**
 * The build switches' refusals (config.ts MEMBERS, SECURE_FILE_UPLOAD; core/rules/features.ts).
 * A switched-off part's calls are answered here, ahead of sign-in and of the idempotency layer, so
 * a refusal is never stored as a key's answer that would outlive the switch. PAYMENT=0 needs no
 * gate of its own: it leaves the server without a provider, which every payment call refuses.
 */
import { API_PREFIX, STAFF_PREFIX } from '@core/contract/define';
import { surveyResourcesSecureFiles } from '@core/contract/files';
import type { Features } from '@core/rules/features';
import { refuse } from '@core/refusals';
import type { App } from './app-env';
import { errorAnswerOf } from './http';

export const registerFeatureGates = (app: App, features: Features): void => {
  const gate = (pattern: string, code: 'members_off' | 'secure_files_off', method?: string, prefix = API_PREFIX) =>
    app.use(`${prefix}${pattern}`, async (c, next) => {
      if (method && c.req.method !== method) return next();
      return c.json(errorAnswerOf(c.get('requestId'), refuse(code)), 403);
    });
  if (!features.members) {
    gate('/member-configs/*', 'members_off');
    gate('/member-results/*', 'members_off');
    gate('/member-forms', 'members_off', undefined, STAFF_PREFIX);
    gate('/member-forms/*', 'members_off', undefined, STAFF_PREFIX);
  }
  // Only new uploads: files already sent keep their status and download, the resident's own.
  if (!features.secureFiles) gate(surveyResourcesSecureFiles.path, 'secure_files_off', surveyResourcesSecureFiles.method);
};
