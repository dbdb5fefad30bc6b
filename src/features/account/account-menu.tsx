/**
 * The header's menu on every signed-in screen: who is signed in, and ログアウト. Families share
 * phones; signing out leaves nothing of the resident on the device but their undelivered answers,
 * and the resident is told about those first and may send them now or keep them (bound to them,
 * sent when they sign in again). Inline under the header, like the outbox list: no overlay code
 * on the first screen.
 */
import { Button, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { SessionProfile } from '../../lib/session';
import { fill } from '../../messages/fill';
import { ja } from '../../messages/ja';
import { jaScreens } from '../../messages/ja-screens';
import { MemberListLinks } from './member-lists';
import { draftCount, retryBeforeSignOut, signOutResident, undeliveredCount } from './sign-out';

type Step = { kind: 'menu' } | { kind: 'unsent'; count: number; afterTry: boolean; drafts: number } | { kind: 'drafts'; count: number } | { kind: 'working' };

/** `lookupOffered`: false where the navigation guard would refuse the move to 照会 (a survey mid-answer). */
export function AccountMenu({ profile, lookupOffered = true }: { profile: SessionProfile; lookupOffered?: boolean }) {
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<Step>({ kind: 'menu' });
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const finish = async () => {
    setStep({ kind: 'working' });
    await signOutResident({ userId: profile.userId, queryClient, leave: () => navigate({ to: '/', replace: true }) });
    setOpen(false);
    setStep({ kind: 'menu' });
  };

  // Said before anything goes: undelivered answers (kept, or sent now) and drafts (removed).
  const start = async () => {
    const [count, drafts] = await Promise.all([undeliveredCount(profile.userId), draftCount(profile.userId)]);
    if (count > 0) setStep({ kind: 'unsent', count, afterTry: false, drafts });
    else if (drafts > 0) setStep({ kind: 'drafts', count: drafts });
    else await finish();
  };

  const sendNow = async () => {
    const drafts = step.kind === 'unsent' ? step.drafts : 0;
    setStep({ kind: 'working' });
    const left = await retryBeforeSignOut(profile.userId);
    if (left === 0) await finish();
    else setStep({ kind: 'unsent', count: left, afterTry: true, drafts });
  };

  const toggle = () => {
    setOpen((o) => !o);
    setStep({ kind: 'menu' });
  };

  return (
    <>
      <UnstyledButton onClick={toggle} aria-expanded={open} data-testid="account-menu" className="app-header-button">
        <Text size="sm" fw={600}>
          {jaScreens.account.menu}
        </Text>
      </UnstyledButton>
      {open ? (
        <div className="app-outbox-panel">
          <Card withBorder padding="sm" role="region" aria-label={jaScreens.account.menu} data-testid="account-panel">
            {step.kind === 'unsent' ? (
              <Stack gap="sm" role="alertdialog" aria-labelledby="unsent-title" data-testid="unsent-warning">
                <Text fw={700} id="unsent-title">
                  {jaScreens.account.unsentTitle}
                </Text>
                <Text size="sm">
                  {fill(step.afterTry ? jaScreens.account.stillUnsent : jaScreens.account.unsent, { count: step.count })}
                </Text>
                {step.drafts > 0 ? (
                  <Text size="sm" data-testid="sign-out-drafts">
                    {fill(jaScreens.account.draftsToo, { count: step.drafts })}
                  </Text>
                ) : null}
                <Group gap="xs" justify="flex-end">
                  <Button variant="default" onClick={toggle} data-testid="sign-out-stay">
                    {jaScreens.account.stay}
                  </Button>
                  <Button variant="light" onClick={() => void finish()} data-testid="sign-out-keep">
                    {jaScreens.account.keepAndSignOut}
                  </Button>
                  <Button onClick={() => void sendNow()} data-testid="sign-out-send">
                    {jaScreens.account.sendNow}
                  </Button>
                </Group>
              </Stack>
            ) : step.kind === 'drafts' ? (
              <Stack gap="sm" role="alertdialog" aria-labelledby="drafts-title" data-testid="drafts-warning">
                <Text fw={700} id="drafts-title">
                  {jaScreens.account.draftsTitle}
                </Text>
                <Text size="sm">{fill(jaScreens.account.drafts, { count: step.count })}</Text>
                <Group gap="xs" justify="flex-end">
                  <Button variant="default" onClick={toggle} data-testid="sign-out-stay">
                    {jaScreens.account.stay}
                  </Button>
                  <Button color="red" variant="light" onClick={() => void finish()} data-testid="sign-out-delete">
                    {jaScreens.account.deleteAndSignOut}
                  </Button>
                </Group>
              </Stack>
            ) : (
              <Stack gap="sm">
                <Text size="sm" data-testid="account-name">
                  {fill(jaScreens.account.signedInAs, { name: profile.displayName })}
                </Text>
                {lookupOffered ? (
                  <Button
                    variant="default"
                    onClick={toggle}
                    data-testid="menu-lookup"
                    renderRoot={(props) => <Link {...props} to="/confirm" />}
                  >
                    {ja.lookup.entry}
                  </Button>
                ) : null}
                <MemberListLinks onPick={toggle} />
                <Button
                  color="red"
                  variant="light"
                  loading={step.kind === 'working'}
                  onClick={() => void start()}
                  data-testid="sign-out"
                >
                  {jaScreens.account.signOut}
                </Button>
              </Stack>
            )}
          </Card>
        </div>
      ) : null}
    </>
  );
}
