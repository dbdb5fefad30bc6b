/** A new enrolment's one-time code, URL and QR code, shown this once (the server keeps only hashes). */
import { Alert, Image, Stack, Text } from '@mantine/core';
import { renderSVG } from 'uqr';
import { fill } from '../../../messages/fill';
import { jaConsole } from '../../../messages/ja-console';
import { tokyoMinute } from '../members/member-lines';

const t = jaConsole.kiosks;
const qrDataUri = (text: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(text))}`;

export interface Enrolled {
  name: string;
  before: 'none' | 'pending' | 'active' | 'revoked';
  code: string;
  url: string;
  expiresAt: string;
}

export function EnrolledCode({ enrolled }: { enrolled: Enrolled }) {
  return (
    <Alert color="green" role="status" data-testid="kiosk-enrolled">
      <Stack gap="xs">
        <Text fw={700}>{fill(t.enrolled, { name: enrolled.name })}</Text>
        {enrolled.before === 'active' ? <Text size="sm">{t.replaced}</Text> : null}
        {enrolled.before === 'revoked' ? <Text size="sm">{t.restarted}</Text> : null}
        <Text>
          {t.code}:{' '}
          <Text span ff="monospace" fz="xl" fw={700} data-testid="kiosk-code">
            {enrolled.code}
          </Text>
        </Text>
        <Text size="sm">
          {t.url}:{' '}
          <Text span ff="monospace" data-testid="kiosk-url">
            {enrolled.url}
          </Text>
        </Text>
        <Image src={qrDataUri(enrolled.url)} alt={t.qr} w={200} h={200} bg="white" data-testid="kiosk-qr" />
        <Text size="sm">{fill(t.expires, { time: tokyoMinute(enrolled.expiresAt) })}</Text>
      </Stack>
    </Alert>
  );
}
