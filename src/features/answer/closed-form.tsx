import { closedOnServer } from '../../lib/closed-form';
import { getSession } from '../../lib/session';
import { ja } from '../../messages/ja';
import { MessageLines } from '../../ui/message-lines';
import { WithWayBack } from './way-back';

/** A form the server's page said is not open, to a resident not signed in (the routes let them in). */
export const closedBeforeSignIn = (surveyId: string): boolean => !getSession() && closedOnServer(surveyId);

/** 本帳票が無効 with トップへ戻る, without the sign-in and the config request a form needs. */
export function ClosedForm() {
  return (
    <WithWayBack kiosk={false}>
      <MessageLines lines={[ja.errors.notFound]} />
    </WithWayBack>
  );
}
