/**
 * The build switches of spec 01 §1 / spec 02 §1 (members, payment, medical mode, secure-file
 * upload), read once by the server (server/config.ts) and served to the PWA by /app-config. What
 * each switch takes away from a form is decided here, once: the server serves and checks answers
 * against `offeredConfig`, so the client never shows, and the server never takes, a gated item.
 */
import type { ItemType } from '../form/item-types';

export interface Features {
  /** Member registration, search and the member-linked list (/member…, /member-results/…). */
  members: boolean;
  /** Products, pay types and card payment. */
  payment: boolean;
  /**
   * Medical mode. Reading: the spec names it without saying what it gates; here it is the
   * vaccination items (count of vaccines, previous and administered maker and date), the only
   * item types that exist for clinics.
   */
  medical: boolean;
  /** The secure file item and its upload calls. */
  secureFiles: boolean;
}

/** Every switch on: the demo, `npm start` and a server with none of the variables set. */
export const ALL_FEATURES: Features = Object.freeze({ members: true, payment: true, medical: true, secureFiles: true });

/** The item types a switch takes away when off. */
const GATED_TYPES: Partial<Record<ItemType, keyof Features>> = {
  selectProducts: 'payment',
  selectPayType: 'payment',
  secureFiles: 'secureFiles',
  countVaccines: 'medical',
  previousVaccineMaker: 'medical',
  previousVaccineDate: 'medical',
  sesshuVaccineMaker: 'medical',
  sesshuJisshiDate: 'medical',
};

/** Whether this deployment offers an item of this type. */
export const isTypeOffered = (type: ItemType, features: Features): boolean => {
  const gate = GATED_TYPES[type];
  return gate === undefined || features[gate];
};

interface Gatable {
  surveySchema: readonly { type: ItemType }[];
  usePayment?: 0 | 1 | undefined;
  cancelPost?: boolean | undefined;
}

/**
 * A form as this deployment offers it: the gated items left out, and with payment off a form that
 * uses payment taken as one that does not (no order, no card path). Its answers, some of them paid,
 * stay beyond a resident's cancel (spec 01 §4, as the server's rule on the stored form says):
 * cancelPost false. The same object when nothing changes, so a cached config stays shared.
 */
export const offeredConfig = <C extends Gatable>(config: C, features: Features): C => {
  const surveySchema = config.surveySchema.filter((i) => isTypeOffered(i.type, features));
  const dropPayment = !features.payment && config.usePayment === 1;
  if (surveySchema.length === config.surveySchema.length && !dropPayment) return config;
  const { usePayment: _u, ...rest } = config;
  return { ...(dropPayment ? { ...rest, cancelPost: false } : config), surveySchema } as unknown as C;
};
