/**
 * /kiosk/enrol?code=…: the one-time URL `npm run kiosk:enrol` prints. Opening it on a tablet
 * trades the code for the kiosk's credential and turns the device into that kiosk. A resident
 * signed in on the device is signed out first, with their data wiped: a kiosk keeps no one's.
 */
import { Alert, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { kioskEnrol } from '@core/contract/kiosk';
import { call, okAnswer } from '../../lib/api';
import { isApiClientError } from '../../lib/api-error';
import { saveKiosk } from '../../lib/kiosk';
import { getStoredUserId, signOut } from '../../lib/session';
import { ja } from '../../messages/ja';
import { forgetPerson } from '../../offline/forget';
import { LoadingText } from '../../ui/loading-text';

/** The code is single-use: a second effect run (React's StrictMode) must not spend it again. */
const inFlight = new Map<string, ReturnType<typeof enrol>>();
const enrol = async (code: string) => okAnswer(await call(kioskEnrol, { body: { code } }, { retry: { maxAttempts: 1 } }));
const enrolOnce = (code: string) => {
  let answer = inFlight.get(code);
  if (!answer) {
    answer = enrol(code);
    inFlight.set(code, answer);
  }
  return answer;
};

/** The /kiosk/enrol route's component. */
export function KioskEnrolPage() {
  const { code } = useSearch({ from: '/kiosk/enrol' });
  return <KioskEnrolScreen code={code} />;
}

export function KioskEnrolScreen({ code }: { code: string | undefined }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(code ? null : ja.kiosk.noCode);

  useEffect(() => {
    if (!code) return;
    let live = true;
    void (async () => {
      try {
        const answer = await enrolOnce(code);
        const resident = getStoredUserId();
        if (resident) {
          signOut();
          await forgetPerson({ ownerId: resident, queryClient, leave: async () => {} });
        }
        saveKiosk({ token: answer.token, ...answer.kiosk });
        if (live) await navigate({ to: '/kiosk', replace: true });
      } catch (e) {
        if (live) setError(isApiClientError(e) ? e.errorMessage : ja.errors.network);
      }
    })();
    return () => {
      live = false;
    };
  }, [code, navigate, queryClient]);

  if (error) {
    return (
      <Alert color="red" variant="light" role="alert" data-testid="kiosk-enrol-error">
        <Text className="app-pre-wrap">{error}</Text>
      </Alert>
    );
  }
  return (
    <Stack>
      <LoadingText text={ja.kiosk.enrolling} />
    </Stack>
  );
}
