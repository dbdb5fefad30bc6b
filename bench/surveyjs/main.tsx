/**
 * The SurveyJS page of the side-by-side benchmark (bench/surveyjs.bench.ts): the survey in the page's
 * JSON rendered by SurveyJS's React UI with its default theme and its Japanese texts, as an app
 * embedding SurveyJS would. `window.__surveyRendered` marks SurveyJS's onAfterRenderSurvey (its
 * React component mounted the whole survey).
 */
import 'survey-core/survey-core.min.css';
import 'survey-core/i18n/japanese';
import { createRoot } from 'react-dom/client';
import { Model } from 'survey-core';
import { Survey } from 'survey-react-ui';

const model = new Model(JSON.parse(document.getElementById('survey-json')?.textContent ?? '{}'));
model.onAfterRenderSurvey.add(() => {
  (window as unknown as { __surveyRendered?: number }).__surveyRendered = performance.now();
});
createRoot(document.getElementById('root') as HTMLElement).render(<Survey model={model} />);
