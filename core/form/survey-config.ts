/**
 * The survey config entity of spec 01 §3, as operators write it in an import bundle and as the
 * server stores and serves it. Field names are the spec's. Item-specific fields are validated by
 * each item type's own schema in core/items; here every item carries the common fields.
 */
import { z } from 'zod';
import { ITEM_TYPES } from './item-types';

const flag = z.object({ value: z.boolean().optional() }).partial();
const requiredFlag = z.object({ value: z.boolean().optional(), admin: z.boolean().optional() });
const minMax = z.object({ min: z.number().nullable().optional(), max: z.number().nullable().optional() });

export const displayConditionSchema = z.object({
  type: z.enum(['show', 'hide']),
  questionId: z.string(),
  answers: z.array(z.string()),
  bunruiKey: z.string().optional(),
});
export type DisplayCondition = z.infer<typeof displayConditionSchema>;

export const schemaItemBaseSchema = z.looseObject({
  itemKey: z.string().min(1).max(100).regex(/^[^#|]+$/, 'itemKey に # と | は使えません'),
  type: z.enum(ITEM_TYPES),
  title: z.string().default(''),
  description: z.string().optional(),
  imageUrl: z.string().optional(),
  isRequired: requiredFlag.optional(),
  isRequiredForUser: flag.optional(),
  isSearchable: flag.optional(),
  isAdminItem: z.boolean().optional(),
  isNotEditable: z.boolean().optional(),
  disabled: z.boolean().optional(),
  default: z.unknown().optional(),
  input: z.unknown().optional(),
  options: z.array(z.string()).optional(),
  sectionOptions: z.array(z.object({ option: z.string(), groupheader: z.string() })).optional(),
  attributes: z.record(z.string(), z.unknown()).optional(),
  length: minMax.optional(),
  range: minMax.optional(),
  selection: minMax.optional(),
  scale_min: z.number().optional(),
  scale_max: z.number().optional(),
  queryParam1: z.string().optional(),
  queryParam2: z.string().optional(),
  queryParam3: z.string().optional(),
  displayCondition: displayConditionSchema.optional(),
});
export type SchemaItem = z.infer<typeof schemaItemBaseSchema>;

export const messagePartSchema = z.union([
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('image'), originalContentUrl: z.string(), previewImageUrl: z.string().optional() }),
]);
export type MessagePart = z.infer<typeof messagePartSchema>;

export const UPDATE_OR_CANCEL_SETTINGS = ['updateAndCancel', 'updateOnly', 'cancelOnly', 'inquiryOnly'] as const;
export const UPDATE_ON_MODIFICATION = ['inputAndReservationInfo', 'reservationOnlyInfo'] as const;

const surveyConfigObjectSchema = z.object({
    surveyId: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9_-]+$/, 'surveyId は半角英数字・ハイフン・アンダースコアのみです'),
    surveyTitle: z.string().min(1),
    surveySubId: z.string().optional(),
    description: z.string().optional(),
    headerImageUrl: z.string().optional(),
    /** Whether residents can open it; a disabled form answers the spec's "本帳票が無効" text. */
    surveyStatus: z.enum(['enabled', 'disabled']).default('enabled'),
    surveySchema: z.array(schemaItemBaseSchema),
    submitButtonTitle: z.string().optional(),
    usePayment: z.union([z.literal(0), z.literal(1)]).optional(),
    endOfSurveyMessage: z.union([z.string(), z.array(messagePartSchema)]).optional(),
    endOfSurveyMessageCancel: z.string().optional(),
    isAppending: flag.optional(),
    /** Show the answer code as 受付番号 on completion (appending forms only). */
    isDisplayAnswerCode: flag.optional(),
    isEditDisabled: flag.optional(),
    calendarSetting: z
      .object({
        updateOrCancelSettings: z.enum(UPDATE_OR_CANCEL_SETTINGS).optional(),
        updateSettingsOnModification: z.enum(UPDATE_ON_MODIFICATION).optional(),
      })
      .optional(),
    surveyType: z.string().optional(),
    hasMember: z.boolean().optional(),
    memberFormId: z.string().optional(),
    memberSurveyId: z.string().optional(),
    memberSurveySubId: z.string().optional(),
    lastResultNumber: z.number().int().optional(),
    vaccinationIntervalType: z.object({ input: z.enum(['日数', '月数']) }).optional(),
    cancelPost: z.boolean().optional(),
    googleTagManager: z.object({ head: z.string().optional(), body: z.string().optional() }).optional(),
    numberMonthShowCalendar: z.number().int().min(1).default(1),
  });

export const surveyConfigSchema = surveyConfigObjectSchema.superRefine((cfg, ctx) => {
    const seen = new Set<string>();
    cfg.surveySchema.forEach((item, i) => {
      if (seen.has(item.itemKey))
        ctx.addIssue({ code: 'custom', path: ['surveySchema', i, 'itemKey'], message: `itemKey ${item.itemKey} が重複しています` });
      seen.add(item.itemKey);
    });
  });

/** As written in a bundle (defaults not yet applied). */
export type SurveyConfigInput = z.input<typeof surveyConfigSchema>;
export type SurveyConfig = z.output<typeof surveyConfigSchema>;

/** What the server serves: the config plus its stored version, for needRefresh. */
export const servedSurveyConfigSchema = surveyConfigObjectSchema.extend({ version: z.number().int() });
export type ServedSurveyConfig = z.output<typeof servedSurveyConfigSchema>;

export const isAppending = (cfg: Pick<SurveyConfig, 'isAppending'>): boolean => cfg.isAppending?.value === true;
export const isSearchableSurvey = (cfg: Pick<SurveyConfig, 'surveySchema'>): boolean =>
  cfg.surveySchema.some((i) => i.isSearchable?.value === true);
