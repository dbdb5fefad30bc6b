/**
 * An order's payment state in its Japanese name (core/ja/payment-status.ts), as a dot beside dark
 * text (like the answers' StatusBadge) so every colour reads at AA contrast.
 */
import { Badge } from '@mantine/core';
import { orderStateLabel } from '@core/ja/payment-status';

/** By state 0–4; unsettled orders are grey. */
const COLOURS = ['teal', 'gray', 'orange', 'blue', 'grape'] as const;

export function OrderStateBadge({ order }: { order: { status: number | null; phase: string } }) {
  return (
    // The label is never cut short (a Badge ellipsises by default): a table cell then keeps its width.
    <Badge variant="dot" color={order.status === null ? 'gray' : (COLOURS[order.status] ?? 'gray')} c="dark" size="lg" radius="sm" tt="none" styles={{ label: { overflow: 'visible' } }} data-testid="order-state">
      {orderStateLabel(order)}
    </Badge>
  );
}
