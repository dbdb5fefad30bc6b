/**
 * /admin/kiosks: the clinic's reception tablets for staff who configure (member, admin), as
 * `npm run kiosk:*` does them (docs/kiosk.md): enrol one (its one-time code and QR code), see the
 * kiosks of the forms within reach, stop one.
 */
import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate } from '@tanstack/react-router';
import { canDo } from '@core/rules/staff';
import { jaConsole } from '../../../messages/ja-console';
import { LoadingText } from '../../../ui/loading-text';
import { ConsoleFrame } from '../console-frame';
import { useStaffForms, useStaffMe } from '../staff-queries';
import { KioskEnrolForm } from './kiosk-enrol-form';
import { KioskList } from './kiosk-list';
import { useKiosks } from './kiosk-queries';

const t = jaConsole.kiosks;

export function KiosksPage() {
  const me = useStaffMe();
  const allowed = Boolean(me.data && canDo(me.data.role, 'configure'));
  const kiosks = useKiosks(allowed);
  const forms = useStaffForms(allowed);
  if (me.isPending) return <LoadingText />;
  if (!me.data) return <Navigate to="/admin/sign-in" search={{ returnTo: '/admin/kiosks' }} replace />;
  const titles = new Map((forms.data ?? []).map((f) => [f.surveyId, f.title]));
  return (
    <ConsoleFrame me={me.data}>
      <Stack gap="md">
        <Anchor component={Link} to="/admin" size="sm">
          {t.back}
        </Anchor>
        <Title order={1} size="h3">
          {t.heading}
        </Title>
        {!allowed ? <Alert color="gray">{t.notAllowed}</Alert> : null}
        {kiosks.error ? <Alert color="red">{kiosks.error.message}</Alert> : null}
        {allowed && kiosks.data && forms.data ? (
          <>
            <Text size="sm">{t.lead}</Text>
            <KioskEnrolForm forms={forms.data.filter((f) => !f.ward)} defaultIdleSeconds={kiosks.data.defaultIdleSeconds} />
            <Title order={2} size="h4">
              {t.list}
            </Title>
            <KioskList kiosks={kiosks.data.kiosks} defaultIdleSeconds={kiosks.data.defaultIdleSeconds} titles={titles} />
          </>
        ) : allowed ? (
          <LoadingText />
        ) : null}
      </Stack>
    </ConsoleFrame>
  );
}
