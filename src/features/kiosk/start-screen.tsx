/**
 * The kiosk's start screen: its forms in large type, nothing of the last visitor. Arriving here
 * (after 次の方へ, an idle timeout, or a reload) wipes the last visit; the kiosk's state is checked
 * with the server on arrival and every half minute, so a revoked kiosk stops at once.
 */
import { Button, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { getKiosk, type KioskState } from '../../lib/kiosk';
import { ja } from '../../messages/ja';
import { refreshKiosk, wipeLastVisit } from './hand-over';

const REFRESH_MS = 30_000;

/** The /kiosk route's component (the route lets only an enrolled kiosk in). */
export function KioskStartPage() {
  const kiosk = getKiosk();
  return kiosk ? <KioskStartScreen kiosk={kiosk} /> : null;
}

export function KioskStartScreen({ kiosk }: { kiosk: KioskState }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    void wipeLastVisit(queryClient).catch((e: unknown) => console.warn('kiosk wipe failed', e));
  }, [queryClient]);
  useEffect(() => {
    const controller = new AbortController();
    const check = () => void refreshKiosk(controller.signal).catch(() => {});
    check();
    const timer = setInterval(check, REFRESH_MS);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, []);

  return (
    <Stack gap="lg" data-testid="kiosk-start">
      <Title order={1} className="kiosk-heading">
        {ja.kiosk.heading}
      </Title>
      {kiosk.forms.length === 0 ? (
        <Text size="lg">{ja.kiosk.noForms}</Text>
      ) : (
        <>
          <Text size="lg">{ja.kiosk.lead}</Text>
          <Stack gap="md" component="ul" className="app-plain-list">
            {kiosk.forms.map((f) => (
              <li key={f.surveyId}>
                <Button
                  size="xl"
                  fullWidth
                  className="kiosk-form-button"
                  data-testid="kiosk-form"
                  renderRoot={(props) => <Link {...props} to="/survey/$id" params={{ id: f.surveyId }} search={{}} />}
                >
                  {f.surveyTitle}
                </Button>
              </li>
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}
