import { expect, test, type Page } from '@playwright/test';
import { expectAxeClean, importIntoE2e, surveyItem } from './support';

/**
 * Issue 26, the location item (spec 02 §2, §7): a place picked on the map (tiles served by the
 * server itself, so nothing leaves the machine) and the device's position (setGeolocation); the
 * address comes from the local reverse geocoder, country and postcode removed.
 */

const RUN = String(Date.now() % 1_000_000).padStart(6, '0');

test.beforeAll(() =>
  importIntoE2e({
    surveyConfigs: [
      {
        surveyId: 'e2e-location',
        surveyTitle: '不法投棄の通報',
        surveyStatus: 'enabled',
        isAppending: { value: true },
        surveySchema: [{ itemKey: 'basho', type: 'location', title: '場所', isRequired: { value: true } }],
      },
    ],
  }),
);

const signInAs = async (page: Page, tag: string, name: string) => {
  await page.goto('/survey/e2e-location');
  await expect(page).toHaveURL(/\/dev\/oauth2\/v2\.1\/authorize\?/);
  await page.locator('input[name="dev_user"]').fill(`U${'l26'.repeat(8)}${tag}${RUN}`);
  await page.locator('input[name="dev_name"]').fill(name);
  await page.getByRole('button', { name: 'この ID でログイン' }).click();
  await expect(page.getByTestId('resident-name')).toContainText(name);
};

test('pick a location on the map: tiles from the server, the address by reverse geocoding', async ({ page }) => {
  const outside: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith('http://localhost') && !r.url().startsWith('data:')) outside.push(r.url());
  });
  await signInAs(page, 'm', `地図 太郎${RUN}`);
  const item = surveyItem(page, 'basho');
  await item.getByTestId('location-map-open').click();
  const dialog = page.getByRole('dialog', { name: '地図で位置を選ぶ' });
  const map = dialog.getByTestId('location-map');
  await expect(map.locator('img.leaflet-tile-loaded').first()).toBeVisible();
  await expect(map.locator('img.leaflet-tile').first()).toHaveAttribute('src', /\/dev\/tiles\/15\/\d+\/\d+\.png$/);
  // A tap a little off the centre (central Tokyo) puts the marker there.
  const box = (await map.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2 + 40, box.y + box.height / 2 + 30);
  await expect(map.locator('.location-marker')).toHaveCount(1);
  await expectAxeClean(page, 'map dialog');
  await dialog.getByTestId('location-set').click();
  await expect(dialog).toHaveCount(0);
  await expect(item.getByTestId('location-address')).toHaveText('東京都千代田区丸の内１丁目');
  const lat = Number(await item.getByTestId('location-lat').textContent());
  const lng = Number(await item.getByTestId('location-lng').textContent());
  // South-east of the centre (35.681236, 139.767125), by the tap's offset at zoom 15.
  expect(lat).toBeLessThan(35.681236);
  expect(lat).toBeGreaterThan(35.675);
  expect(lng).toBeGreaterThan(139.767125);
  expect(lng).toBeLessThan(139.775);

  await page.getByTestId('submit-button').click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('東京都千代田区丸の内１丁目');
  await confirm.getByRole('button', { name: '送信する' }).click();
  await expect(page.getByTestId('survey-complete')).toBeVisible();
  expect(outside).toEqual([]);
});

test('the device’s position fills the location; とりけし clears it', async ({ page, context }) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 33.5905, longitude: 130.3995 });
  await signInAs(page, 'g', `位置 花子${RUN}`);
  const item = surveyItem(page, 'basho');
  await item.getByTestId('location-device').click();
  await expect(item.getByTestId('location-address')).toHaveText('福岡県福岡市中央区天神１丁目');
  await expect(item.getByTestId('location-lat')).toHaveText('33.5905');
  await expect(item.getByTestId('location-lng')).toHaveText('130.3995');
  await item.getByTestId('location-clear').click();
  await expect(item.getByTestId('location-value')).toHaveCount(0);
  // Required: nothing to send.
  await page.getByTestId('submit-button').click();
  await expect(item).toContainText('必須です');
});
