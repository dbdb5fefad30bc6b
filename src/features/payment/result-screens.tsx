/**
 * The payment return pages (spec 02 §2): 決済結果 after a paid order (the form's end-of-survey
 * message, else the default text; then the answer's 受付番号 and booked slot, the order summary and
 * the receipt), the error page and the cancelled page. The provider sends the browser here with
 * ?orderId=…; the order id is shown only as 注文番号, in small type.
 */
import { Alert, Button, Card, Image, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { PAYMENT_STATUS } from '@core/contract/payment';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { fill } from '../../messages/fill';
import { ja } from '../../messages/ja';
import { jaScreens } from '../../messages/ja-screens';
import { LoadError } from '../../ui/load-error';
import { LoadingText } from '../../ui/loading-text';
import { OrderSummary, PaidAnswer } from './order-summary';
import { paymentResultQuery } from './queries';

export interface CompletedPaymentProps {
  /** The form paid for; its end-of-survey message is the page's text. */
  config: ServedSurveyConfig | undefined;
  orderId: string | undefined;
}

const PAID: ReadonlySet<number> = new Set([PAYMENT_STATUS.completed, PAYMENT_STATUS.creditAuthorised]);

export function CompletedPaymentScreen({ config, orderId }: CompletedPaymentProps) {
  const result = useQuery({ ...paymentResultQuery(orderId ?? ''), enabled: orderId !== undefined });
  const message = config?.endOfSurveyMessage;
  const parts = typeof message === 'string' ? (message.trim() ? [{ type: 'text' as const, text: message }] : []) : (message ?? []);
  const paid = result.data?.status !== undefined && PAID.has(result.data.status);
  return (
    <Stack gap="md" data-testid="payment-completed">
      <Title order={1} size="h3">
        {jaScreens.payment.resultTitle}
      </Title>
      {orderId !== undefined && result.isPending ? <LoadingText /> : null}
      {result.isError ? <LoadError error={result.error} /> : null}
      {result.data && !paid ? (
        <Alert color="yellow" variant="light" role="status" data-testid="payment-pending">
          {result.data.status === undefined ? jaScreens.payment.pending : jaScreens.payment.failed}
        </Alert>
      ) : null}
      {orderId === undefined || paid ? (
        <Card withBorder padding="lg" role="status" data-testid="payment-message">
          <Stack gap="md">
            {parts.length === 0 ? (
              <Text className="app-pre-wrap">{jaScreens.payment.completedDefault}</Text>
            ) : (
              parts.map((part, i) =>
                part.type === 'text' ? (
                  <Text key={i} className="app-pre-wrap">
                    {part.text}
                  </Text>
                ) : (
                  <Image key={i} src={part.previewImageUrl ?? part.originalContentUrl} alt="" radius="sm" />
                ),
              )
            )}
          </Stack>
        </Card>
      ) : null}
      {result.data ? <PaidAnswer result={result.data} config={config} /> : null}
      {result.data ? <OrderSummary result={result.data} /> : null}
      {result.data && paid ? (
        <Button renderRoot={(props) => <Link {...props} to="/receipt" search={{ key: result.data.partitionKey }} />} data-testid="show-receipt">
          {jaScreens.payment.showReceipt}
        </Button>
      ) : null}
    </Stack>
  );
}

/** `formPath` as on the cancelled page: after a declined card the resident may try again from the form. */
export function ErrorPaymentScreen({ orderId, formPath }: { orderId: string | undefined; formPath: string | null }) {
  return (
    <Stack gap="md" data-testid="payment-error">
      <Title order={1} size="h3">
        {jaScreens.payment.errorTitle}
      </Title>
      <Alert color="red" variant="light" role="alert">
        <Stack gap={4}>
          <Text>{jaScreens.payment.errorLead}</Text>
          {orderId ? <Text size="sm">{fill(jaScreens.payment.orderId, { id: orderId })}</Text> : null}
          <Text>{jaScreens.payment.errorRetry}</Text>
        </Stack>
      </Alert>
      <WayBack formPath={formPath} />
    </Stack>
  );
}

/** Back to the form the order was handed off from, else to the start page. */
function WayBack({ formPath }: { formPath: string | null }) {
  return formPath ? (
    // A full load: the form reopens from its draft as on any visit.
    <Button component="a" href={formPath} data-testid="back-to-form">
      {jaScreens.payment.backToForm}
    </Button>
  ) : (
    <Button variant="light" renderRoot={(props) => <Link {...props} to="/" />} data-testid="back-to-start">
      {ja.common.backToStart}
    </Button>
  );
}

/** `formPath`: the form the order was handed off from, when known; else the way back is the start page. */
export function CanceledPaymentScreen({ formPath }: { formPath: string | null }) {
  return (
    <Stack gap="md" data-testid="payment-canceled">
      <Title order={1} size="h3">
        {jaScreens.payment.canceledTitle}
      </Title>
      <Alert color="gray" variant="light" role="status">
        {jaScreens.payment.canceled}
      </Alert>
      <WayBack formPath={formPath} />
    </Stack>
  );
}
