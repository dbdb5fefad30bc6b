/**
 * A kiosk visitor's end: the 受付番号 (whenever the form gives one: it is what the visitor tells
 * the counter) in large type, then 次の方へ, which hands the tablet to the next visitor. A booking
 * of a later day says it is changed at the counter: a kiosk cannot look answers up.
 */
import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { todayInTokyo } from '@core/ja/date-input';
import { ja } from '../../messages/ja';
import type { Delivery } from './delivery';
import { useKioskHome } from './kiosk-home';
import { booksLaterDay } from './kiosk-texts';
import { ReservedList, type Reserved } from './reserved';

export function KioskCompletion({ answerCode, delivery, reserved }: { answerCode: string | null; delivery: Delivery; reserved: readonly Reserved[] }) {
  const next = useKioskHome();
  const later = booksLaterDay(
    reserved.map((r) => r.value),
    todayInTokyo(),
  );
  return (
    <Stack gap="lg" align="center" data-testid="kiosk-complete" data-delivery={delivery}>
      {delivery === 'delivered' ? (
        <Card withBorder padding="xl" data-testid="survey-complete" role="status" w="100%">
          <Stack gap="sm" align="center">
            <Text size="lg">{ja.kiosk.done}</Text>
            {answerCode ? (
              <>
                <Title order={2} size="h3">
                  {ja.form.answerCode}
                </Title>
                <Text fw={700} className="kiosk-answer-code" data-testid="answer-code">
                  {answerCode}
                </Text>
                <Text size="lg">{ja.kiosk.answerCodeLead}</Text>
              </>
            ) : null}
          </Stack>
        </Card>
      ) : (
        <Alert color="yellow" variant="light" role="status" data-testid="survey-queued" w="100%">
          <Text size="lg" className="app-pre-wrap">
            {ja.kiosk.savedOffline}
          </Text>
        </Alert>
      )}
      <ReservedList reserved={reserved} />
      {later ? (
        <Text size="lg" data-testid="kiosk-change-at-counter">
          {answerCode ? ja.kiosk.changeAtCounter : ja.kiosk.changeAtCounterNoCode}
        </Text>
      ) : null}
      <Button size="xl" onClick={next} data-testid="kiosk-next">
        {ja.kiosk.next}
      </Button>
    </Stack>
  );
}
