/**
 * The form engine every item host shares through context: the store, the plan, and per-item
 * change and blur handlers. The context value never changes while the form is mounted, so reading
 * it re-renders nothing; components re-render through their own store subscriptions only.
 * (Kept apart from engine.ts so item components can read it without importing the item registry.)
 */
import { createContext, useContext } from 'react';
import type { FormValue, NormalizeContext, ValidateContext } from '@core/items/define';
import type { FormStore } from './form-store';
import type { FormPlan, PlannedItem } from './plan';

export interface FieldHandlers {
  onChange: (value: FormValue | undefined) => void;
  onBlur: () => void;
}

export interface FormEngine {
  store: FormStore;
  plan: FormPlan;
  validateContext: ValidateContext;
  normalizeContext: NormalizeContext;
  handlersOf: (key: string) => FieldHandlers;
  /** Checks one item now and shows its error, changed or not (a step's next button); returns the error. */
  validate: (key: string) => string | undefined;
  /** A submit was attempted: from now on every field is checked on blur. */
  markAttempted: () => void;
  /** Sets another item's answer from code (the postcode lookup fills the address) and checks it. */
  fill: (key: string, value: FormValue) => void;
  /** Shows a message on an item that its own validator cannot know (postcode not found). */
  setError: (key: string, message: string | undefined) => void;
  /** The item's value in canonical form (width, dates), as stored on blur and on submit. */
  normalized: (p: PlannedItem, value: FormValue | undefined) => FormValue | undefined;
}

export const FormEngineContext = createContext<FormEngine | null>(null);

export const useFormEngine = (): FormEngine => {
  const engine = useContext(FormEngineContext);
  if (!engine) throw new Error('useFormEngine outside a SurveyForm');
  return engine;
};
