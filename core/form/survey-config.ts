/**
 * The survey config entity of spec 01 §3, as operators write it in an import bundle and as the
 * server stores and serves it. Field names are the spec's. Each item of surveySchema is checked
 * by its type's schema: the common fields (./item-base.ts) with the type's own merged on
 * (core/items/<type>.ts, joined in core/items/registry.ts).
 */
import * as z from 'zod/mini';
import { schemaItemSchema } from '../items/registry';
import { flagSchema as flag } from './item-base';
import { lineMessagesSchema } from '../messages/config-schema';

// Kept importable from here, where it lived first.
export type { SchemaItem } from '../items/registry';

export const messagePartSchema = z.union([
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('image'), originalContentUrl: z.string(), previewImageUrl: z.optional(z.string()) }),
]);

export const UPDATE_OR_CANCEL_SETTINGS = ['updateAndCancel', 'updateOnly', 'cancelOnly', 'inquiryOnly'] as const;
export const UPDATE_ON_MODIFICATION = ['inputAndReservationInfo', 'reservationOnlyInfo'] as const;

/** A Google Tag Manager container id: GTM- and 4 to 12 upper-case letters or digits. */
export const GTM_CONTAINER_ID = /^GTM-[A-Z0-9]{4,12}$/;

const surveyConfigObjectSchema = z.object({
    surveyId: z
      .string()
      .check(z.minLength(1), z.maxLength(100), z.regex(/^[A-Za-z0-9_-]+$/, 'surveyId は半角英数字・ハイフン・アンダースコアのみです')),
    surveyTitle: z.string().check(z.minLength(1)),
    surveySubId: z.optional(z.string()),
    description: z.optional(z.string()),
    headerImageUrl: z.optional(z.string()),
    /** Whether residents can open it; a disabled form answers the spec's "本帳票が無効" text. */
    surveyStatus: z._default(z.enum(['enabled', 'disabled']), 'enabled'),
    surveySchema: z.array(schemaItemSchema),
    submitButtonTitle: z.optional(z.string()),
    usePayment: z.optional(z.union([z.literal(0), z.literal(1)])),
    endOfSurveyMessage: z.optional(z.union([z.string(), z.array(messagePartSchema)])),
    endOfSurveyMessageCancel: z.optional(z.string()),
    isAppending: z.optional(flag),
    /** Show the answer code as 受付番号 on completion (appending forms only). */
    isDisplayAnswerCode: z.optional(flag),
    isEditDisabled: z.optional(flag),
    calendarSetting: z.optional(
      z.object({
        updateOrCancelSettings: z.optional(z.enum(UPDATE_OR_CANCEL_SETTINGS)),
        updateSettingsOnModification: z.optional(z.enum(UPDATE_ON_MODIFICATION)),
      }),
    ),
    surveyType: z.optional(z.string()),
    hasMember: z.optional(z.boolean()),
    memberFormId: z.optional(z.string()),
    memberSurveyId: z.optional(z.string()),
    memberSurveySubId: z.optional(z.string()),
    lastResultNumber: z.optional(z.number().check(z.int())),
    vaccinationIntervalType: z.optional(z.object({ input: z.enum(['日数', '月数']) })),
    cancelPost: z.optional(z.boolean()),
    /**
     * Spec 01 §3 "googleTagManager head and body snippets". Reading: the operator names the
     * container, and the server writes GTM's standard head and body snippets for it on this form's
     * page only, with a CSP that allows exactly them (server/gtm.ts); raw HTML is refused, since
     * a snippet of the operator's own would run as the app with the resident's session.
     */
    googleTagManager: z.optional(
      z.strictObject({ containerId: z.string().check(z.regex(GTM_CONTAINER_ID, 'containerId は GTM-XXXXXXX の形式です（英大文字・数字）')) }),
    ),
    numberMonthShowCalendar: z._default(z.number().check(z.int(), z.minimum(1)), 1),
    /** Issue 59: the LINE messages the form sends, its reminders, announced statuses and templates. */
    lineMessages: z.optional(lineMessagesSchema),
  });

export const surveyConfigSchema = surveyConfigObjectSchema.check(
  z.superRefine((cfg, ctx) => {
    const seen = new Set<string>();
    cfg.surveySchema.forEach((item, i) => {
      if (seen.has(item.itemKey))
        ctx.addIssue({ code: 'custom', path: ['surveySchema', i, 'itemKey'], message: `itemKey ${item.itemKey} が重複しています` });
      seen.add(item.itemKey);
    });
  }),
);

/** As written in a bundle (defaults not yet applied). */
export type SurveyConfigInput = z.input<typeof surveyConfigSchema>;
export type SurveyConfig = z.output<typeof surveyConfigSchema>;

/** What the server serves: the config plus its stored version, for needRefresh. */
export const servedSurveyConfigSchema = z.extend(surveyConfigObjectSchema, { version: z.number().check(z.int()) });
export type ServedSurveyConfig = z.output<typeof servedSurveyConfigSchema>;

export const isAppending = (cfg: Pick<SurveyConfig, 'isAppending'>): boolean => cfg.isAppending?.value === true;

/** surveyType of a bed survey (spec 02 §2): booked on its bed screens, never answered as a form. */
export const BED_SURVEY_TYPE = 'bed';
export const isSearchableSurvey = (cfg: Pick<SurveyConfig, 'surveySchema'>): boolean =>
  cfg.surveySchema.some((i) => i.isSearchable?.value === true);
