/**
 * The side-by-side benchmark's form in SurveyJS's JSON (bench/surveyjs.bench.ts): the same
 * generated form the product renders, one page, a panel per group header, each item as the SurveyJS
 * question that asks the same thing, with its required flag, bounds and display condition.
 */
import type { generateForm } from './renderer.bench';

type BenchForm = ReturnType<typeof generateForm>;
type BenchItem = BenchForm['surveySchema'][number];
type Question = Record<string, unknown> & { type: string; name: string; title: string };

/** Single-line product types: SurveyJS's text question with the matching input type. */
const INPUT_TYPES: Record<string, string> = { text: 'text', number: 'number', email: 'email', phone: 'tel', date: 'date' };
const LIST_TYPES: Record<string, string> = { radio: 'radiogroup', dropdown: 'dropdown', checkboxes: 'checkbox' };

const quote = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/**
 * The product's displayCondition as a SurveyJS expression with the same meaning
 * (core/form/visibility.ts): it matches when the answer is one of `answers`, a checkbox answer
 * when any chosen value is; "show" shows the item on a match, "hide" hides it.
 */
const visibleIf = (cond: { type: 'show' | 'hide'; questionId: string; answers: string[] }, typeOf: Map<string, string>): string => {
  const q = `{${cond.questionId}}`;
  const match =
    typeOf.get(cond.questionId) === 'checkboxes'
      ? `${q} anyof [${cond.answers.map(quote).join(', ')}]`
      : cond.answers.map((a) => `${q} = ${quote(a)}`).join(' or ');
  return cond.type === 'show' ? match : `!(${match})`;
};

const question = (item: BenchItem, typeOf: Map<string, string>): Question => {
  const q: Question = { type: 'text', name: item.itemKey, title: item.title };
  const inputType = INPUT_TYPES[item.type];
  const range = item['range'] as { min?: number; max?: number } | undefined;
  const length = item['length'] as { max?: number } | undefined;
  if (inputType) q['inputType'] = inputType;
  else if (item.type === 'textarea') q.type = 'comment';
  else if (LIST_TYPES[item.type]) {
    q.type = LIST_TYPES[item.type] as string;
    q['choices'] = item['options'];
  } else if (item.type === 'linearScale') {
    // The product's scale runs from scale_min to scale_max, 0 and 10 by default (core/items/linear-scale.ts).
    Object.assign(q, { type: 'rating', rateMin: item['scale_min'] ?? 0, rateMax: item['scale_max'] ?? 10 });
  } else throw new Error(`no SurveyJS question for item type ${item.type}`);
  if ((item['isRequired'] as { value?: boolean } | undefined)?.value) q['isRequired'] = true;
  if (length?.max != null) q['maxLength'] = length.max;
  if (range?.min != null) q['min'] = range.min;
  if (range?.max != null) q['max'] = range.max;
  const cond = item['displayCondition'] as Parameters<typeof visibleIf>[0] | undefined;
  if (cond) q['visibleIf'] = visibleIf(cond, typeOf);
  return q;
};

/** The whole form as a SurveyJS survey: one page, a panel per group header (items before the first go on the page). */
export const toSurveyJs = (form: BenchForm) => {
  const typeOf = new Map(form.surveySchema.map((i) => [i.itemKey, i.type]));
  const elements: Record<string, unknown>[] = [];
  let panel: Question[] | null = null;
  for (const item of form.surveySchema) {
    if (item.type === 'groupHeader') {
      panel = [];
      elements.push({ type: 'panel', name: item.itemKey, title: item.title, elements: panel });
    } else (panel ?? elements).push(question(item, typeOf));
  }
  return {
    title: form.surveyTitle,
    locale: 'ja',
    completeText: form.submitButtonTitle,
    showQuestionNumbers: 'off',
    pages: [{ name: 'page1', elements }],
  };
};
