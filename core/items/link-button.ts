/**
 * Link button (リンクボタン): opens `attributes.url` (where bundles already write it), holds no
 * answer. Only http(s) addresses and same-site paths ("/calendar/…") are accepted, so a config
 * cannot smuggle a javascript: link into the form. Calendar-linked buttons come with reservations.
 */
import * as z from 'zod/mini';
import { defineItem, type SamplesOf } from './define';

export const linkUrlSchema = z.string().check(z.regex(/^(https?:\/\/[^\s]+|\/(?!\/)[^\s]*)$/, 'http(s) の URL か / で始まるパスにしてください'));

export const linkButtonItem = defineItem({
  type: 'linkButton',
  configShape: () => ({ attributes: z.optional(z.looseObject({ url: z.optional(linkUrlSchema) })) }),
  valueKind: 'none',
  requiredKey: 'required',
  validate: () => [],
});

export const linkButtonUrl = (item: { attributes?: { url?: string | undefined } | undefined }): string | undefined => item.attributes?.url;

export const linkButtonSamples: SamplesOf<typeof linkButtonItem> = {
  configs: [{}, { attributes: { url: 'https://www.city.sakura.example.jp/seido/' } }, { attributes: { url: '/calendar/kenshin' } }],
  valid: [],
  invalid: [],
};
