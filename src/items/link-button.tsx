/**
 * Link button (リンクボタン): opens its URL in a new tab. Only http(s) URLs become a link: whatever
 * the config holds, nothing else reaches an href.
 */
import { Button } from '@mantine/core';
import { linkButtonUrl } from '@core/items/link-button';
import { safeHref } from '../form/linkify';
import type { ItemProps } from './types';

export const webHref = (url: string | undefined): string | undefined => {
  if (!url || !/^https?:\/\//i.test(url)) return undefined;
  return safeHref(url);
};

export function LinkButtonItem(p: ItemProps<'linkButton'>) {
  const href = webHref(linkButtonUrl(p.item));
  return (
    <div className="form-link-button">
      {href ? (
        <Button component="a" href={href} target="_blank" rel="noopener noreferrer" variant="light" fullWidth id={p.id}>
          {p.item.title}
        </Button>
      ) : (
        <Button variant="light" fullWidth disabled id={p.id}>
          {p.item.title}
        </Button>
      )}
      {p.description ? (
        <div className="form-item-help">{p.description}</div>
      ) : null}
    </div>
  );
}
