/**
 * A kiosk visitor who walks away: after the kiosk's idle time with no touch, key or input, the
 * tablet returns to its start screen, which wipes the visit. The last seconds count down on
 * screen (any touch resets them), so a visitor still reading is not cut off unwarned.
 */
import { Button, Group, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { fill } from '../../messages/fill';
import { ja } from '../../messages/ja';
import { endOpenDraftSavers } from '../../offline/drafts';

const ACTIVITY = ['pointerdown', 'keydown', 'touchstart', 'input', 'wheel'] as const;

/** The countdown shows for the last 20 s, or the last half of a shorter idle time. */
export const warningSeconds = (idleSeconds: number): number => Math.min(20, Math.floor(idleSeconds / 2));

export function KioskIdleWatch({ idleSeconds }: { idleSeconds: number }) {
  const navigate = useNavigate();
  const [remaining, setRemaining] = useState<number | null>(null);

  useEffect(() => {
    let last = Date.now();
    const onActivity = () => {
      last = Date.now();
      setRemaining(null);
    };
    for (const type of ACTIVITY) document.addEventListener(type, onActivity, { capture: true, passive: true });
    const warnFrom = warningSeconds(idleSeconds);
    const timer = setInterval(() => {
      const left = Math.ceil(idleSeconds - (Date.now() - last) / 1000);
      if (left > 0) {
        setRemaining(left <= warnFrom ? left : null);
        return;
      }
      last = Date.now();
      setRemaining(null);
      endOpenDraftSavers();
      void navigate({ to: '/kiosk', replace: true });
    }, 250);
    return () => {
      clearInterval(timer);
      for (const type of ACTIVITY) document.removeEventListener(type, onActivity, { capture: true });
    };
  }, [idleSeconds, navigate]);

  if (remaining === null) return null;
  return (
    <div className="kiosk-idle" role="alert" aria-live="assertive" data-testid="kiosk-idle" data-remaining={remaining}>
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Text size="lg" fw={700}>
          {fill(ja.kiosk.idleWarning, { seconds: remaining })}
        </Text>
        <Button size="lg" onClick={() => setRemaining(null)}>
          {ja.kiosk.idleContinue}
        </Button>
      </Group>
    </div>
  );
}
