/** /admin/setup#token=…: choose a password, enrol the authenticator app or a passkey, keep the recovery codes. */
import { Alert, Button, Image, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { renderSVG } from 'uqr';
import { fill } from '../../messages/fill';
import { jaConsole } from '../../messages/ja-console';
import { LoadingText } from '../../ui/loading-text';
import { ConsoleFrame } from './console-frame';
import { useSetup, type SetupFactor } from './use-setup';

const qrDataUri = (text: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(text))}`;

export function SetupPage() {
  const s = useSetup();
  return (
    <ConsoleFrame>
      <Stack maw={520} mx="auto" mt="xl">
        <Title order={1} size="h3">
          {s.recoveryCodes ? jaConsole.setup.doneHeading : jaConsole.setup.heading}
        </Title>
        {s.loadError ? (
          <Alert color="red" variant="light" role="alert">
            {s.loadError}
          </Alert>
        ) : s.recoveryCodes ? (
          <>
            <Text>{jaConsole.setup.recoveryLead}</Text>
            <Stack gap={4} component="ol" data-testid="recovery-codes">
              {s.recoveryCodes.map((c) => (
                <Text component="li" key={c} ff="monospace" fz="md">
                  {c}
                </Text>
              ))}
            </Stack>
            <Button component={Link} to="/admin/sign-in" size="md">
              {jaConsole.setup.toSignIn}
            </Button>
          </>
        ) : !s.account ? (
          <LoadingText />
        ) : (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void s.submit();
            }}
          >
            <Stack>
              <Text>{fill(jaConsole.setup.lead, { name: s.account.name, email: s.account.email })}</Text>
              <input type="email" autoComplete="username" value={s.account.email} readOnly hidden />
              <TextInput label={jaConsole.setup.password} type="password" autoComplete="new-password" required value={s.password} onChange={(e) => s.setPassword(e.currentTarget.value)} />
              <TextInput label={jaConsole.setup.passwordAgain} type="password" autoComplete="new-password" required value={s.passwordAgain} onChange={(e) => s.setPasswordAgain(e.currentTarget.value)} />
              <Stack gap={4}>
                <Text size="sm" fw={500} id="setup-factor">
                  {jaConsole.setup.factor}
                </Text>
                <SegmentedControl
                  aria-labelledby="setup-factor"
                  value={s.factor}
                  onChange={(v) => s.setFactor(v as SetupFactor)}
                  data={[
                    { value: 'totp', label: jaConsole.setup.factorTotp },
                    { value: 'passkey', label: jaConsole.setup.factorPasskey },
                  ]}
                />
              </Stack>
              {s.factor === 'passkey' ? (
                <Text size="sm">{jaConsole.setup.passkeyLead}</Text>
              ) : (
                <>
                  <Text size="sm">{jaConsole.setup.qrLead}</Text>
                  <Image src={qrDataUri(s.account.otpauthUri)} alt={jaConsole.setup.qrLead} w={200} h={200} />
                  <Text size="sm">
                    {jaConsole.setup.secretLabel}: <Text component="code" ff="monospace" data-testid="totp-secret">
                      {s.account.totpSecret}
                    </Text>
                  </Text>
                  <TextInput label={jaConsole.setup.code} autoComplete="one-time-code" inputMode="numeric" required value={s.code} onChange={(e) => s.setCode(e.currentTarget.value)} />
                </>
              )}
              {s.error ? (
                <Alert color="red" variant="light" role="alert">
                  <Text className="app-pre-wrap">{s.error}</Text>
                </Alert>
              ) : null}
              <Button type="submit" loading={s.busy} size="md">
                {jaConsole.setup.submit}
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </ConsoleFrame>
  );
}
