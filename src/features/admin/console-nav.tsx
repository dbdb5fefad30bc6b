/** The console's configuration links in its header, each for the roles that may use it (core/rules/staff.ts). */
import { Anchor, Group } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { canDo, type StaffAction, type StaffRole } from '@core/rules/staff';
import { jaConsole } from '../../messages/ja-console';

const LINKS: readonly { to: string; text: string; action: StaffAction }[] = [
  { to: '/admin/kiosks', text: jaConsole.home.kiosks, action: 'configure' },
  { to: '/admin/staff', text: jaConsole.home.staff, action: 'manageStaff' },
  { to: '/admin/products', text: jaConsole.home.products, action: 'configure' },
];

export function ConsoleNav({ role }: { role: StaffRole }) {
  const links = LINKS.filter((l) => canDo(role, l.action));
  if (links.length === 0) return null;
  return (
    <Group component="nav" aria-label={jaConsole.nav} gap="md" wrap="nowrap">
      {links.map((l) => (
        <Anchor key={l.to} component={Link} to={l.to} size="sm">
          {l.text}
        </Anchor>
      ))}
    </Group>
  );
}
