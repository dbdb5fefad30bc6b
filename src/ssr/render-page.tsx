/**
 * The SSR bundle's entry (issue 60), built by vite.ssr.config.ts into dist-ssr/ and loaded by the
 * server (server/form-page.ts): a form's page as the survey screen shows it to a resident with no
 * session, from the same components. The form itself is its own root (island.tsx), hydrated by
 * the page; the frame around it is HTML only, replaced by the app's own when the app adopts the form.
 * A bed form's page is its bed screen's first lines only (renderBedPage).
 */
import { Button, Stack } from '@mantine/core';
import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { FORM_ISLAND_ID, PREHYDRATION_ATTR, type FormPageOptions, type FormPageRenderer } from '@core/contract/form-page';
import { BED_SURVEY_TYPE, type ServedSurveyConfig } from '@core/form/survey-config';
import { LayoutFrame } from '../app/layout-frame';
import { SurveyDescription, SurveyHeading } from '../features/answer/survey-heading';
import { BedPage, BedPickDay } from '../features/beds/bed-page';
import { loadItemUis } from '../items/registry';
import { ja } from '../messages/ja';
import { AppMantine } from '../ui/app-mantine';
import { createIslandLive, IslandTree } from './island';

/** The form alone, as the island's root renders it before the app gives it anything. */
export const renderIsland = async (config: ServedSurveyConfig, { reservationFirst }: FormPageOptions = { reservationFirst: false }): Promise<string> => {
  await loadItemUis(config.surveySchema.map((i) => i.type));
  return renderToString(<IslandTree config={config} reservationFirst={reservationFirst} queryClient={new QueryClient()} live={createIslandLive()} />);
};

/**
 * A bed form's first screen as far as it is the same for everyone: its frame, title and first line.
 * The calendar below (beds left, days open from today) changes by the day and the hour, so there is
 * no island: the app renders the screen and replaces this once it is there (handoff.ts).
 */
const renderBedPage = (config: ServedSurveyConfig): string =>
  renderToString(
    <AppMantine>
      <LayoutFrame>
        <BedPage title={config.surveyTitle}>
          <BedPickDay />
        </BedPage>
      </LayoutFrame>
    </AppMantine>,
  );

export const renderFormPage: FormPageRenderer['renderFormPage'] = async (config, options) => {
  if (config.surveyType === BED_SURVEY_TYPE) return renderBedPage(config);
  const island = await renderIsland(config, options);
  const islandAttrs = { id: FORM_ISLAND_ID, [PREHYDRATION_ATTR]: '', dangerouslySetInnerHTML: { __html: island } };
  return renderToString(
    <AppMantine>
      <LayoutFrame>
        <Stack gap="md">
          <SurveyHeading config={config} />
          <SurveyDescription text={config.description} />
          <div {...islandAttrs} />
          <Button variant="subtle" color="gray" disabled>
            {ja.common.close}
          </Button>
        </Stack>
      </LayoutFrame>
    </AppMantine>,
  );
};
