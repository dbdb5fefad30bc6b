/**
 * The two maker items of a vaccination form (spec 02 §3): the previous dose's maker
 * (previousVaccineMaker) and the maker administered (sesshuVaccineMaker). A select over
 * `options`; `sectionOptions` pairs a maker with its group header value, the interval
 * (in the form's vaccinationIntervalType unit) that must pass after a dose of it
 * (core/rules/vaccination.ts).
 */
import * as z from 'zod/mini';
import { sectionOptionSchema } from '../form/item-base';
import { checkOption } from './checks';
import { INVALID_VALUE, single, type FormValue, type ItemSamples, type ValidationIssue } from './define';

export const vaccineMakerShape = () => ({
  options: z.array(z.string()).check(z.minLength(1)),
  sectionOptions: z._default(z.array(sectionOptionSchema), []),
});

export const validateMaker = (value: FormValue, item: { options?: string[] | undefined }): ValidationIssue[] => {
  const s = single(value);
  if (s === undefined) return [INVALID_VALUE];
  const bad = checkOption(s, item.options);
  return bad ? [bad] : [];
};

export const makerSamples = {
  configs: [
    {
      options: ['ファイザー', 'モデルナ'],
      sectionOptions: [
        { option: 'ファイザー', groupheader: '20' },
        { option: 'モデルナ', groupheader: '27' },
      ],
    },
    { options: ['ファイザー', 'モデルナ'] },
  ],
  valid: ['ファイザー', 'モデルナ'],
  invalid: [
    { value: 'その他', issue: { key: 'optionNotInList' } },
    { value: ['ファイザー'], issue: { key: 'invalidValue' } },
  ],
} satisfies ItemSamples<{ options?: string[]; sectionOptions?: { option: string; groupheader: string }[] }>;
