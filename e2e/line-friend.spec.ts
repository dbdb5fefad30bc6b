import { expect, test } from '@playwright/test';
import { DEV_RESIDENTS } from '../server/providers/login-dev';

/**
 * LINE Login's bot_prompt in the browser: the PWA asks for the add-friend prompt (LINE_BOT_PROMPT,
 * normal by default), the dev issuer offers 「友だち追加」, and a resident who declines is no friend
 * of the official account in the Messaging API stand-in; the chat page has a column for them.
 */
const taro = DEV_RESIDENTS[1];

test('a resident who declines 友だち追加 signs in and is no friend in the stand-in', async ({ page, request }) => {
  await page.goto('/survey/kenko-survey');
  await expect(page).toHaveURL(/\/dev\/oauth2\/v2\.1\/authorize\?/);
  expect(new URL(page.url()).searchParams.get('bot_prompt')).toBe('normal');

  await page.getByRole('link', { name: '友だち追加しない' }).click();
  await expect(page.getByRole('link', { name: '友だち追加しない' })).toHaveAttribute('aria-current', 'true');
  await page.getByRole('link', { name: /佐藤 太郎/ }).click();
  await expect(page.getByTestId('resident-name')).toContainText('佐藤 太郎');

  const profile = await request.get(`/v2/bot/profile/${taro.userId}`, { headers: { authorization: 'Bearer dev-line-channel-token' } });
  expect(profile.status()).toBe(404);

  // The chat has a column for him (earlier specs of the suite may have sent him messages already).
  await page.goto('/dev/line-chat');
  await expect(page.getByRole('region', { name: '佐藤 太郎' })).toBeVisible();
});
