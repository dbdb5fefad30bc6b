/** The parts every item shows around its input: the title with the 必須 badge, and the description. */
import type { ReactNode } from 'react';
import { ja } from '../messages/ja';
import { LinkifiedText } from './linkify';

export function ItemLabel({ title, required }: { title: string; required: boolean }) {
  return (
    <span className="form-item-label">
      <span>{title}</span>
      {/* A styled span, not Mantine's Badge: it appears on most items of a long form. */}
      {required ? <span className="form-required-badge">{ja.common.required}</span> : null}
    </span>
  );
}

/** The description (links made safe by LinkifiedText) and the item's image; undefined when neither. */
export function itemDescription(description: string | undefined, imageUrl: string | undefined): ReactNode {
  if (!description && !imageUrl) return undefined;
  return (
    <>
      {description ? (
        <span className="app-pre-wrap form-item-description">
          <LinkifiedText text={description} />
        </span>
      ) : null}
      {imageUrl ? <img src={imageUrl} alt="" loading="lazy" decoding="async" className="form-item-image" /> : null}
    </>
  );
}
