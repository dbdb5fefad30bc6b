/** Previous vaccine maker (前回接種したワクチン, spec 02 §3): see vaccine-maker.ts. */
import { defineItem, type SamplesOf } from './define';
import { makerSamples, validateMaker, vaccineMakerShape } from './vaccine-maker';

export const previousVaccineMakerItem = defineItem({
  type: 'previousVaccineMaker',
  configShape: vaccineMakerShape,
  valueKind: 'single',
  requiredKey: 'requiredItem',
  validate: validateMaker,
});

export const previousVaccineMakerSamples: SamplesOf<typeof previousVaccineMakerItem> = makerSamples;
