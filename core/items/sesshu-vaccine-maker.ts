/** Administered vaccine maker (接種ワクチン, spec 02 §3): see vaccine-maker.ts. */
import { defineItem, type SamplesOf } from './define';
import { makerSamples, validateMaker, vaccineMakerShape } from './vaccine-maker';

export const sesshuVaccineMakerItem = defineItem({
  type: 'sesshuVaccineMaker',
  configShape: vaccineMakerShape,
  valueKind: 'single',
  requiredKey: 'requiredItem',
  validate: validateMaker,
});

export const sesshuVaccineMakerSamples: SamplesOf<typeof sesshuVaccineMakerItem> = makerSamples;
