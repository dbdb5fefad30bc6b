/**
 * Link button (リンクボタン): opens its URL in a new tab. Only http(s) URLs and same-site paths
 * ("/calendar/…", opened in this tab) become a link: whatever the config holds, nothing else
 * reaches an href. In admin mode a calendar-linked button (a path under /calendar) also shows
 * 予約日時指定 (spec 01 §2 Admin mode), which opens that calendar in admin mode.
 */
import { Button, Stack } from '@mantine/core';
import { useContext } from 'react';
import { linkButtonUrl } from '@core/items/link-button';
import { FormEngineContext } from '../form/engine-context';
import { safeHref } from '../form/linkify';
import { ja } from '../messages/ja';
import type { ItemProps, ItemUi } from './types';

export const webHref = (url: string | undefined): string | undefined => {
  if (!url || !/^https?:\/\//i.test(url)) return undefined;
  return safeHref(url);
};

/** A path on this site ("/calendar/kenshin"), never "//host" (which leaves the site). */
export const sitePath = (url: string | undefined): string | undefined => (url && /^\/(?!\/)[^\s\\]*$/.test(url) ? url : undefined);

export const isCalendarPath = (path: string): boolean => /^\/calendar(?:[/?#]|$)/.test(path);

const withAdmin = (path: string): string => `${path}${path.includes('?') ? '&' : '?'}admin=1`;

export function LinkButtonItem(p: ItemProps<'linkButton'>) {
  const url = linkButtonUrl(p.item);
  const href = webHref(url);
  const path = href ? undefined : sitePath(url);
  const admin = useContext(FormEngineContext)?.plan.mode === 'admin';
  return (
    <div className="form-link-button">
      <Stack gap="xs">
        {href ? (
          <Button component="a" href={href} target="_blank" rel="noopener noreferrer" variant="light" fullWidth id={p.id}>
            {p.item.title}
          </Button>
        ) : path ? (
          <Button component="a" href={path} variant="light" fullWidth id={p.id}>
            {p.item.title}
          </Button>
        ) : (
          <Button variant="light" fullWidth disabled id={p.id}>
            {p.item.title}
          </Button>
        )}
        {admin && path && isCalendarPath(path) ? (
          <Button component="a" href={withAdmin(path)} variant="outline" fullWidth data-testid="designate-datetime">
            {ja.calendar.designateDateTime}
          </Button>
        ) : null}
      </Stack>
      {p.description ? (
        <div className="form-item-help">{p.description}</div>
      ) : null}
    </div>
  );
}

/** Loaded on demand (registry.ts): a form without this type never downloads it. */
export const ui: ItemUi<'linkButton'> = { Component: LinkButtonItem };
