import { Button } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { ja } from '../../messages/ja';
import { endOpenDraftSavers } from '../../offline/drafts';

/** Back to the kiosk's start screen, whose arrival wipes the visit; the open form saves nothing more. */
export const useKioskHome = () => {
  const navigate = useNavigate();
  return () => {
    endOpenDraftSavers();
    void navigate({ to: '/kiosk', replace: true });
  };
};

/** A kiosk visitor who chose the wrong form, or is done: back to the start screen (the visit is wiped). */
export function KioskHomeButton() {
  const home = useKioskHome();
  return (
    <Button variant="default" onClick={home} data-testid="kiosk-home">
      {ja.kiosk.home}
    </Button>
  );
}
