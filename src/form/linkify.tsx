/**
 * Descriptions and paragraph texts come from operators' configs and are shown "with links" (spec
 * 01 §2). Only http, https, mailto and tel become links; anything else (javascript:, data:,
 * vbscript:, obfuscated schemes) stays text. Links are React elements with an href React sets as an
 * attribute: there is no HTML parsing, so a config cannot inject markup.
 */
import { Anchor } from '@mantine/core';
import { Fragment, memo, type ReactNode } from 'react';

export type TextSegment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// Candidates start with an allowed scheme only; what follows stops at whitespace, quotes, angle
// brackets and Japanese punctuation, which a URL in running Japanese text is followed by.
const CANDIDATE = /(?:https?:\/\/|mailto:|tel:)[^\s<>"'`「」『』（）【】、。，！？]+/giu;
// Sentence punctuation right after a URL is not part of it.
const TRAILING = /[.,;:!?)\]}]+$/u;

const ALLOWED = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/** The href for a candidate, or undefined when it is not a well-formed link of an allowed scheme. */
export const safeHref = (candidate: string): string | undefined => {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return undefined;
  }
  if (!ALLOWED.has(url.protocol)) return undefined;
  if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname === '') return undefined;
  if (url.protocol === 'mailto:' && !/^mailto:[^\s@]+@[^\s@]+$/i.test(candidate)) return undefined;
  if (url.protocol === 'tel:' && !/^tel:\+?[0-9][0-9\-().]*$/i.test(candidate)) return undefined;
  return url.href;
};

export const linkifySegments = (text: string): TextSegment[] => {
  const out: TextSegment[] = [];
  let last = 0;
  const pushText = (s: string) => {
    if (s === '') return;
    const prev = out[out.length - 1];
    if (prev?.kind === 'text') prev.text += s;
    else out.push({ kind: 'text', text: s });
  };
  for (const m of text.matchAll(CANDIDATE)) {
    const start = m.index;
    const candidate = m[0].replace(TRAILING, '');
    const href = safeHref(candidate);
    pushText(text.slice(last, start));
    if (href) {
      out.push({ kind: 'link', text: candidate, href });
      last = start + candidate.length;
    } else {
      pushText(m[0]);
      last = start + m[0].length;
    }
  }
  pushText(text.slice(last));
  return out;
};

const isWeb = (href: string) => href.startsWith('http:') || href.startsWith('https:');

/** Text with its http(s)/mailto/tel addresses as links; line breaks kept by the caller's pre-wrap. */
export const LinkifiedText = memo(function LinkifiedText({ text }: { text: string }): ReactNode {
  const segments = linkifySegments(text);
  return segments.map((s, i) =>
    s.kind === 'text' ? (
      <Fragment key={i}>{s.text}</Fragment>
    ) : (
      <Anchor
        key={i}
        href={s.href}
        inherit
        // A new tab keeps the half-filled form; noopener so the page opened cannot reach back.
        {...(isWeb(s.href) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        {s.text}
      </Anchor>
    ),
  );
});
