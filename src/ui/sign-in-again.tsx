/**
 * The way back when the server refused the resident's login (403 "IdToken expired.", 401): the
 * sign-in-again text and もう一度ログインする, which remembers this page so the login returns here.
 * A plain link, not router navigation: it works from any screen, and /login leaves for LINE anyway.
 */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { rememberTarget } from '../lib/login-target';
import { ja } from '../messages/ja';

const here = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

export function SignInButton() {
  return (
    <Button component="a" href="/login" variant="light" onClick={() => rememberTarget(here())} data-testid="sign-in-again">
      {ja.login.retry}
    </Button>
  );
}

export function SignInAgain({ detail }: { detail?: string | undefined }) {
  return (
    <Alert color="orange" variant="light" role="alert" data-testid="login-expired" data-detail={detail}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{ja.login.expired}</Text>
        <SignInButton />
      </Stack>
    </Alert>
  );
}
