/**
 * The menu's way to a member's list of bookings (issue 54): one button per member form, read when
 * the menu opens (not before: the menu sits on every screen). None while members are switched off
 * or the list cannot be read: the menu stays what it was.
 */
import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { memberConfigsGetAllSearchable } from '@core/contract/member';
import { call, unwrap } from '../../lib/api';
import { useFeature } from '../../lib/features';
import { fill } from '../../messages/fill';
import { ja } from '../../messages/ja';

export function MemberListLinks({ onPick }: { onPick: () => void }) {
  const on = useFeature('members') === true;
  const forms = useQuery({
    queryKey: ['member', 'configs'] as const,
    queryFn: async ({ signal }) => unwrap(await call(memberConfigsGetAllSearchable, {}, { signal })),
    enabled: on,
    retry: false,
  });
  if (!on || !forms.data) return null;
  const many = forms.data.length > 1;
  return (
    <>
      {forms.data.map((c) => (
        <Button
          key={c.surveyId}
          variant="default"
          onClick={onPick}
          data-testid="menu-member-list"
          renderRoot={(props) => <Link {...props} to="/member-confirmList/$id" params={{ id: c.surveyId }} search={{}} />}
        >
          {many ? fill(ja.member.toListOf, { title: c.surveyTitle }) : ja.member.toList}
        </Button>
      ))}
    </>
  );
}
