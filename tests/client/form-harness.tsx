/** Renders the survey form renderer alone (no router), with the demo bundle's forms at hand. */
import { MantineProvider, type MantineThemeOverride } from '@mantine/core';
import { render } from '@testing-library/react';
import { Temporal } from 'temporal-polyfill';
import { vi } from 'vitest';
import { servedSurveyConfigSchema, type ServedSurveyConfig } from '@core/form/survey-config';
import type { Mode } from '@core/items/define';
import bundle from '../../demo/bundle.json';
import { SurveyForm, type SendRequest } from '../../src/form/survey-form';

export const TODAY = Temporal.PlainDate.from('2025-06-15');

/** A bundle form as the server serves it (defaults applied, a version). */
export const demoConfig = (surveyId: string, version = 7): ServedSurveyConfig => {
  const raw = bundle.surveyConfigs.find((c) => c.surveyId === surveyId);
  if (!raw) throw new Error(`no demo form ${surveyId}`);
  return servedSurveyConfigSchema.parse({ ...raw, version });
};

export const makeConfig = (surveySchema: unknown[], extra: Record<string, unknown> = {}): ServedSurveyConfig =>
  servedSurveyConfigSchema.parse({ surveyId: 'test-form', surveyTitle: 'テスト', surveySchema, version: 1, ...extra });

export interface RenderFormOptions {
  mode?: Mode;
  search?: Record<string, string>;
  desktop?: boolean;
  send?: (request: SendRequest) => Promise<unknown>;
  /** The app's theme, for what it sets on every component (the dialogs' × label). */
  theme?: MantineThemeOverride;
  /** Answers the form opens with (a restored draft or an answer being changed). */
  initialValues?: Readonly<Record<string, unknown>>;
}

export const renderForm = (config: ServedSurveyConfig, options: RenderFormOptions = {}) => {
  const send = vi.fn(options.send ?? (async () => ({ answerCode: null })));
  const onSent = vi.fn();
  const utils = render(
    <MantineProvider theme={options.theme} withCssVariables={false} withGlobalClasses={false}>
      <SurveyForm
        config={config}
        mode={options.mode}
        search={options.search}
        initialValues={options.initialValues}
        send={send}
        onSent={onSent}
        today={TODAY}
        desktop={options.desktop ?? false}
      />
    </MantineProvider>,
  );
  return { ...utils, send, onSent };
};

/** The wrapper of one item on the screen (null when it is not shown). */
export const itemEl = (key: string): HTMLElement | null => document.querySelector(`[data-item-key="${key}"]`);
