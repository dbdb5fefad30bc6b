/**
 * A rendered LINE message (core/messages/render.ts) drawn as LINE draws a Flex bubble, near
 * enough for staff to read their template: header, body texts and label/value rows, footer buttons,
 * and the altText a notification shows.
 */
import { Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { FlexComponent, LineMessage } from '@core/messages/line-message';
import { fill } from '../../../messages/fill';
import { jaConsole } from '../../../messages/ja-console';

const t = jaConsole.lineMessages;

function Part({ c }: { c: FlexComponent }) {
  if (c.type === 'text') {
    return (
      <Text size={c.size === 'lg' ? 'lg' : 'sm'} fw={c.weight === 'bold' ? 700 : undefined} c={c.color} style={{ flex: c.flex, whiteSpace: 'pre-wrap' }}>
        {c.text}
      </Text>
    );
  }
  if (c.type === 'separator') return <Box my="xs" style={{ borderTop: '1px solid #ddd' }} />;
  if (c.type === 'button') {
    return (
      <Button variant="subtle" size="xs" component="span">
        {c.action.label}
      </Button>
    );
  }
  const Row = c.layout === 'vertical' ? Stack : Group;
  return (
    <Row gap={c.layout === 'vertical' ? 4 : 8} wrap="nowrap" align={c.layout === 'vertical' ? 'stretch' : 'baseline'}>
      {c.contents.map((x, i) => (
        <Part key={i} c={x} />
      ))}
    </Row>
  );
}

export function BubblePreview({ message }: { message: LineMessage }) {
  if (message.type === 'text') return <Text style={{ whiteSpace: 'pre-wrap' }}>{message.text}</Text>;
  const b = message.contents;
  return (
    <Stack gap={4} maw={320} data-testid="bubble-preview">
      <Paper withBorder radius="lg" p="sm" bg="white">
        <Stack gap="sm">
          {b.header ? <Part c={b.header} /> : null}
          <Part c={b.body} />
          {b.footer ? <Part c={b.footer} /> : null}
        </Stack>
      </Paper>
      <Text size="xs" c="dimmed" data-testid="bubble-alt">
        {fill(t.altText, { text: message.altText })}
      </Text>
    </Stack>
  );
}
