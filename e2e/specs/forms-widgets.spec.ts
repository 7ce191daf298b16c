import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD, shot, test } from './helpers';

// The renderer's widgets that talk to the server or the browser: a signature saved as an image, a picture upload
// with its preview, a position typed in when the map tiles cannot load or picked on the map when they can, and the server's check of those values.

const FLOW = 'forms-widgets';
test.use({ actionTimeout: 15_000 });
const KIND = 12; // 检测: a kind no other flow uses
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function login(page: Page): Promise<string> {
  const res = await page.request.post('/api/stand/pwdLogin', { data: { mobile: '13800000003', password: DEMO_PASSWORD } });
  expect((await res.json()).success).toBe(true);
  const me = await (await page.request.get('/api/v2/sessionUser/info')).json();
  await page.request.post('/api/schema/finishNoviceGuide', { headers: { 'X-CSRF-Token': me.data.csrfToken } });
  return me.data.csrfToken as string;
}

test('signature, picture upload and position fallback in the rendered form', async ({ page }) => {
  test.setTimeout(120_000);
  const csrf = await login(page);
  const headers = { 'X-CSRF-Token': csrf };
  // tiles from an address that answers nothing, so the fallback shows whatever the network
  const tiles = await page.request.post('/api/systemsetting/batchsave', {
    headers,
    data: [{ code: 'map_tile_url', value: 'http://127.0.0.1:9/{z}/{x}/{y}.png' }],
  });
  expect((await tiles.json()).success).toBe(true);
  const saved = await page.request.post('/api/detailControl/save', {
    headers,
    data: {
      type: KIND,
      fields: [
        { name: '客户签名', type: 21, required: true },
        { name: '现场照片', type: 26 },
        { name: '检测位置', type: 11 },
      ],
    },
  });
  expect((await saved.json()).success).toBe(true);

  try {
    await page.goto(`/customForm?type=${KIND}`);
    await expect(page.getByTestId('field-canvas').getByRole('option', { name: '客户签名' })).toBeVisible();
    await page.getByRole('button', { name: /预\s*览/ }).click();
    const preview = page.getByRole('dialog', { name: /预览/ });

    // the signature: drawn, saved through /upload/save/str, shown as the stored image
    await preview.getByRole('button', { name: /签\s*名/ }).click();
    const signDialog = page.getByRole('dialog', { name: '签名' });
    const pad = page.getByTestId('signature-pad');
    // strokes drawn while the dialog still zooms in would land beside the pad: wait for its opening motion to end
    await expect(signDialog).toBeVisible();
    await expect(signDialog).not.toHaveClass(/-(appear|enter)/);
    const box = (await pad.boundingBox()) as { x: number; y: number; width: number; height: number };
    await page.mouse.move(box.x + 40, box.y + 60);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + 40 + i * 25, box.y + 60 + (i % 2) * 50);
    await page.mouse.up();
    await expect
      .poll(() =>
        pad.evaluate((c: HTMLCanvasElement) =>
          c
            .getContext('2d')!
            .getImageData(0, 0, c.width, c.height)
            .data.some((v, i) => i % 4 === 3 && v > 0),
        ),
      )
      .toBe(true);
    await shot(page, FLOW, '01-signature-pad');
    await signDialog.getByRole('button', { name: /确\s*定/ }).click();
    // the dialog closes once the upload has answered and the field holds the stored file (a slow server takes a while)
    await expect(signDialog).toBeHidden({ timeout: 30_000 });
    const signature = preview.getByTestId('signature-image');
    await expect(signature).toHaveAttribute('src', /\/api\/upload\/file\/\d+$/);
    await expect.poll(() => signature.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 30_000 }).toBeGreaterThan(0);
    await expect(signature).not.toHaveAttribute('data-broken', '1'); // the stored image itself, not the placeholder

    // a picture: uploaded, shown as a thumbnail, previewed on click
    await preview.locator('input[type=file]').setInputFiles({ name: '现场.png', mimeType: 'image/png', buffer: PNG });
    const thumb = preview.locator('.ant-upload-list-item-done').first();
    await expect(thumb).toBeVisible();
    await thumb.hover();
    await thumb.getByRole('link', { name: '预览文件' }).click({ force: true });
    await expect(page.getByTestId('image-preview-img')).toHaveAttribute('src', /\/api\/upload\/file\/\d+$/);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('image-preview-img')).toHaveCount(0);

    // the position: the map cannot load tiles, the coordinates are typed in
    await preview.getByRole('button', { name: '选择位置' }).click();
    const picker = page.getByRole('dialog', { name: '选择位置' });
    await expect(picker.getByText('地图加载失败，请直接输入经纬度')).toBeVisible();
    await picker.getByLabel('位置地址').fill('上海市浦东新区');
    await picker.getByLabel('经度').fill('121.5');
    await picker.getByLabel('纬度').fill('31.2');
    await shot(page, FLOW, '02-position-fallback');
    await picker.getByRole('button', { name: /确\s*定/ }).click();
    await expect(preview.getByText('上海市浦东新区')).toBeVisible();
    await expect(preview.getByText('(121.5, 31.2)')).toBeVisible();

    // the map: its tiles answer now (a local stand-in for the tile server), a click on it picks the point
    await page.route('http://127.0.0.1:9/**', (route) => route.fulfill({ contentType: 'image/png', body: PNG }));
    await preview.getByRole('button', { name: '选择位置' }).click();
    const map = picker.getByTestId('position-map');
    await expect(map.locator('img.leaflet-tile-loaded').first()).toBeAttached();
    const mapBox = (await map.boundingBox()) as { x: number; y: number; width: number; height: number };
    expect(mapBox.width).toBeGreaterThan(400);
    expect(mapBox.height).toBe(320);
    await page.mouse.click(mapBox.x + mapBox.width / 4, mapBox.y + mapBox.height / 4);
    // the point picked north-west of 121.5, 31.2 (the map centres on the value being edited)
    await expect.poll(async () => Number(await picker.getByLabel('经度').inputValue())).toBeLessThan(121.5);
    await expect.poll(async () => Number(await picker.getByLabel('纬度').inputValue())).toBeGreaterThan(31.2);
    await expect(picker.getByText('地图加载失败，请直接输入经纬度')).toHaveCount(0);
    await shot(page, FLOW, '02b-position-map');
    await picker.getByRole('button', { name: /确\s*定/ }).click();
    await expect(preview.getByText('(121.5, 31.2)')).toHaveCount(0);
    await expect(preview.getByText(/\(121\.4\d+, 31\.2\d+\)/)).toBeVisible();

    await preview.getByRole('button', { name: /校\s*验/ }).click();
    await expect(page.getByText('校验通过')).toBeVisible();
    await shot(page, FLOW, '03-preview-filled');

    // the server accepts the stored signature id, and refuses another enterprise's file id
    const sigId = Number((await signature.getAttribute('src'))?.split('/').pop());
    const info = await (await page.request.get(`/api/detailcontrol/forminfo?type=${KIND}`)).json();
    const sigField = info.data.fields.find((f: { name: string }) => f.name === '客户签名');
    const ok = await page.request.post('/api/detailcontrol/fieldValues', { headers, data: { type: KIND, ext: { [sigField.id]: [sigId] } } });
    expect((await ok.json()).data.fields[0]).toMatchObject({ tfname: '客户签名', type: 21, realPic: `/api/upload/file/${sigId}` });
    const bad = await page.request.post('/api/detailcontrol/fieldValues', { headers, data: { type: KIND, ext: { [sigField.id]: [999999] } } });
    expect(await bad.json()).toMatchObject({ success: false, message: '客户签名：文件不存在或已被删除' });
  } finally {
    await page.request.post('/api/systemsetting/recovery', { headers, data: { codes: ['map_tile_url'] } });
    await page.request.post('/api/detailControl/save', { headers, data: { type: KIND, fields: [] } });
  }
});
