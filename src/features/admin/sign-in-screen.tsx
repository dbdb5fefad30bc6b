/**
 * /admin/sign-in: a local account's email, password and second factor (a code, or a passkey),
 * and, where the server has an OIDC issuer, the organisation's sign-in. `?error=` carries a
 * refusal code back from the OIDC callback; `?expired=1` says the session ended.
 */
import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { REFUSALS, type RefusalCode } from '@core/refusals';
import { STAFF_PREFIX } from '@core/contract/define';
import { consoleReturnPath } from '@core/rules/staff';
import { jaConsole } from '../../messages/ja-console';
import { useSignInOptions } from './staff-queries';
import { useSignIn } from './use-sign-in';
import { ConsoleFrame } from './console-frame';


/** The text of a refusal code sent back in the URL; a code that is not ours, or needs parameters, shows nothing. */
const refusalOf = (code: string | undefined): string | null => {
  if (!code || !Object.hasOwn(REFUSALS, code)) return null;
  const text: unknown = REFUSALS[code as RefusalCode].text;
  return typeof text === 'string' ? text : null;
};

export function SignInPage() {
  const search = useSearch({ from: '/admin/sign-in' });
  const navigate = useNavigate();
  const returnTo = consoleReturnPath(search.returnTo);
  const form = useSignIn(() => void navigate({ to: returnTo, replace: true }));
  const options = useSignInOptions();
  const notice = refusalOf(search.error) ?? (search.expired ? jaConsole.signIn.expired : null);
  return (
    <ConsoleFrame>
      <Stack maw={420} mx="auto" mt="xl">
        <Title order={1} size="h3">
          {jaConsole.signIn.heading}
        </Title>
        {notice && !form.error ? (
          <Alert color="yellow" variant="light" role="status">
            {notice}
          </Alert>
        ) : null}
        {options.data?.oidc ? (
          <>
            <Button component="a" href={`${STAFF_PREFIX}/oidc/start?returnTo=${encodeURIComponent(returnTo)}`} size="md" variant="filled">
              {jaConsole.signIn.oidc}
            </Button>
            <Text ta="center" size="sm" c="dimmed">
              {jaConsole.signIn.or}
            </Text>
          </>
        ) : null}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void form.submit();
          }}
        >
          <Stack>
            <TextInput label={jaConsole.signIn.email} type="email" autoComplete="username" required value={form.email} onChange={(e) => form.setEmail(e.currentTarget.value)} />
             <TextInput label={jaConsole.signIn.password} type="password" autoComplete="current-password" required value={form.password} onChange={(e) => form.setPassword(e.currentTarget.value)} />
            {form.needsCode ? (
              <TextInput
                label={jaConsole.signIn.code}
                description={jaConsole.signIn.codeHint}
                autoComplete="one-time-code"
                inputMode="text"
                required
                autoFocus
                value={form.code}
                onChange={(e) => form.setCode(e.currentTarget.value)}
              />
            ) : null}
            {form.needsCode && form.passkeys ? (
              <Button type="button" variant="light" size="md" disabled={form.busy} onClick={() => void form.withPasskey()}>
                {jaConsole.signIn.passkey}
              </Button>
            ) : null}
            {form.error ? (
              <Alert color="red" variant="light" role="alert">
                <Text className="app-pre-wrap">{form.error}</Text>
              </Alert>
            ) : null}
            <Button type="submit" loading={form.busy} size="md" variant={options.data?.oidc ? 'light' : 'filled'}>
              {jaConsole.signIn.submit}
            </Button>
          </Stack>
        </form>
      </Stack>
    </ConsoleFrame>
  );
}
