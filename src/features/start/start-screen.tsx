import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { BED_SURVEY_TYPE } from '@core/form/survey-config';
import { ja } from '../../messages/ja';
import { LoadError } from '../../ui/load-error';
import { LoadingText } from '../../ui/loading-text';
import { openSurveysQuery } from './queries';

export function StartScreen() {
  const query = useQuery(openSurveysQuery());

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {ja.start.heading}
      </Title>
      {query.isPending ? (
        <LoadingText />
      ) : query.isError ? (
        <LoadError error={query.error} wayBack={false} />
      ) : query.data.data.length === 0 ? (
        <Text c="dimmed" data-testid="open-forms-empty">
          {ja.start.empty}
        </Text>
      ) : (
        <>
          {query.data.fromCache ? (
            <Alert color="yellow" variant="light" data-testid="stale-list">
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Text size="sm">{ja.offline.fromCache}</Text>
                <Button size="xs" variant="light" className="app-keep-whole" onClick={() => void query.refetch()}>
                  {ja.common.reload}
                </Button>
              </Group>
            </Alert>
          ) : null}
          <Text size="sm" c="dimmed">
            {ja.start.lead}
          </Text>
          <Stack gap="sm" component="ul" className="app-plain-list">
            {query.data.data.map((s) => (
              <li key={s.surveyId}>
                <Card withBorder padding="md" data-testid="open-form">
                  <Stack gap="xs">
                    <Text fw={700}>{s.surveyTitle}</Text>
                    {s.description ? (
                      // Whole: operators end descriptions with what to do next (e.g. where 照会 is).
                      <Text size="sm" c="dimmed" className="app-pre-wrap" data-testid="open-form-description">
                        {s.description}
                      </Text>
                    ) : null}
                    {s.surveyType === BED_SURVEY_TYPE ? (
                      <Stack gap="xs">
                        <Button fullWidth renderRoot={(props) => <Link {...props} to="/bed-reservation/$id" params={{ id: s.surveyId }} search={{}} />}>
                          {ja.start.open}
                        </Button>
                        <Button fullWidth variant="default" renderRoot={(props) => <Link {...props} to="/bed-reservation-list/$id" params={{ id: s.surveyId }} />}>
                          {ja.bed.toHistory}
                        </Button>
                      </Stack>
                    ) : (
                      <Stack gap="xs">
                        <Button
                          fullWidth
                          renderRoot={(props) => <Link {...props} to="/survey/$id" params={{ id: s.surveyId }} search={{}} />}
                        >
                          {ja.start.open}
                        </Button>
                        {/* A form for members: the member's bookings of it (the server names its member form only while members are offered). */}
                        {s.memberFormId ? (
                          <Button
                            fullWidth
                            variant="default"
                            renderRoot={(props) => <Link {...props} to="/member-confirmList/$id" params={{ id: s.memberFormId ?? '' }} search={{ form: s.surveyId }} />}
                            data-testid="open-form-member-list"
                          >
                            {ja.member.toList}
                          </Button>
                        ) : null}
                      </Stack>
                    )}
                  </Stack>
                </Card>
              </li>
            ))}
          </Stack>
        </>
      )}
      <Button variant="default" renderRoot={(props) => <Link {...props} to="/confirm" />} data-testid="start-lookup">
        {ja.lookup.entry}
      </Button>
    </Stack>
  );
}
