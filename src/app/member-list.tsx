/** The member-linked list with the lookup's answer card (features do not import each other: composed here). */
import { LinkedAnswerCard } from '../features/lookup/linked-card';
import { MemberListScreen } from '../features/member/list-screen';

export function MemberListPage() {
  return <MemberListScreen AnswerCard={LinkedAnswerCard} />;
}
