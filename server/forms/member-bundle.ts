/**
 * The member section of an import bundle (spec 02 §3): member form configs, each a survey config
 * (its items are the registration form) plus linkedForms, the surveys whose answers the
 * member-linked list shows. Checked with the rest of the bundle before anything is written.
 *
 * Readings chosen here:
 * - A member config's own surveyId is its memberSurveyId (the id the member calls take).
 * - The automatic number's prefix is memberSurveySubId, else surveySubId, else 0; it must be 1–4
 *   digits. lastResultNumber is the last number given before the import: the next is one past it
 *   (or past the last one this database gave, whichever is greater).
 */
import { z } from 'zod';
import { surveyConfigSchema, type SurveyConfig } from '@core/form/survey-config';
import { isValidSubId } from '@core/rules/member-number';

/** The 4-digit prefix of a member form's automatic numbers (before padding). */
export const memberPrefixOf = (c: Pick<SurveyConfig, 'memberSurveySubId' | 'surveySubId'>): string | undefined =>
  c.memberSurveySubId ?? c.surveySubId;

/** Whether a survey gives numbers itself (an automatic numbering item): its surveySubId is their prefix. */
export const hasAutomaticNumbering = (c: Pick<SurveyConfig, 'surveySchema'>): boolean =>
  c.surveySchema.some((i) => i.type === 'numbering' && i.isAutomaticNumbering === true);

const linkedSchema = z.object({ linkedForms: z.array(z.string().min(1).max(200)).max(200).default([]) });

/** A survey config plus linkedForms: parsed as a survey config, linkedForms read beside it. */
export const bundleMemberConfigSchema = z.unknown().transform((value, ctx) => {
  const base = surveyConfigSchema.safeParse(value, { reportInput: true });
  const linked = linkedSchema.safeParse(value);
  const issues = [...(base.success ? [] : base.error.issues), ...(linked.success ? [] : linked.error.issues)];
  for (const issue of issues) ctx.addIssue({ ...(issue as object), message: issue.message } as Parameters<typeof ctx.addIssue>[0]);
  if (!base.success || !linked.success) return z.NEVER;
  const config = base.data;
  if (!isValidSubId(memberPrefixOf(config))) {
    const field = config.memberSurveySubId !== undefined ? 'memberSurveySubId' : 'surveySubId';
    ctx.addIssue({ code: 'custom', path: [field], message: `${field} は 1〜4 桁の数字です` });
  }
  if (config.lastResultNumber !== undefined && (config.lastResultNumber < 0 || config.lastResultNumber > 9_999_999)) {
    ctx.addIssue({ code: 'custom', path: ['lastResultNumber'], message: 'lastResultNumber は 0〜9999999 です' });
  }
  return { ...config, linkedForms: linked.data.linkedForms };
});
/** What a survey config must name that exists: its member form; an automatic number's prefix. Paths are the config's. */
export const surveyReferenceProblems = (c: SurveyConfig, members: ReadonlySet<string>): { path: string; message: string }[] => [
  ...(c.memberFormId !== undefined && !members.has(c.memberFormId) ? [{ path: 'memberFormId', message: `会員帳票 ${c.memberFormId} がありません` }] : []),
  ...(hasAutomaticNumbering(c) && !isValidSubId(c.surveySubId) ? [{ path: 'surveySubId', message: 'surveySubId は 1〜4 桁の数字です' }] : []),
];

export type BundleMemberConfig = SurveyConfig & { linkedForms: string[] };

export const memberBundleShape = {
  memberConfigs: z.array(bundleMemberConfigSchema).default([]),
};

/**
 * Cross-references, checked once the bundle parsed: member form ids unique, linked forms and
 * memberFormIds naming a form of the bundle or one stored already.
 */
export const memberProblems = (
  bundle: { memberConfigs: readonly BundleMemberConfig[]; surveyConfigs: readonly SurveyConfig[] },
  stored: { surveys: ReadonlySet<string>; members: ReadonlySet<string> },
  source: string,
): string[] => {
  const problems: string[] = [];
  const surveys = new Set([...stored.surveys, ...bundle.surveyConfigs.map((c) => c.surveyId)]);
  const members = new Set(stored.members);
  const seen = new Set<string>();
  bundle.memberConfigs.forEach((m, i) => {
    if (seen.has(m.surveyId)) problems.push(`${source}: memberConfigs[${i}].surveyId: surveyId ${m.surveyId} が重複しています`);
    seen.add(m.surveyId);
    members.add(m.surveyId);
    m.linkedForms.forEach((id, j) => {
      if (!surveys.has(id)) problems.push(`${source}: memberConfigs[${i}].linkedForms[${j}]: 帳票 ${id} がありません`);
    });
  });
  bundle.surveyConfigs.forEach((c, i) => {
    for (const p of surveyReferenceProblems(c, members)) problems.push(`${source}: surveyConfigs[${i}].${p.path}: ${p.message}`);
  });
  return problems;
};
