/** A config sent by the console as JSON text: an object, or the refusal config_invalid naming why. */
import { refuse } from '@core/refusals';

export const configObjectOf = (text: string): Record<string, unknown> => {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw refuse('config_invalid', undefined, { issues: [{ path: '$', message: `JSON として読めません（${(e as Error).message}）` }] });
  }
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw refuse('config_invalid', undefined, { issues: [{ path: '$', message: 'JSON のオブジェクトにしてください' }] });
  return v as Record<string, unknown>;
};
