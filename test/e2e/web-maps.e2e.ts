import { launchBrowser, screenshots, TestBrowser } from '../support/browser';
import { signUpInBrowser, startWebSite, WebSite } from '../support/web-site';

let site: WebSite;
let browser: TestBrowser;
let base: string;

beforeAll(async () => {
  site = await startWebSite();
  base = site.base;
  browser = await launchBrowser();
  await signUpInBrowser(browser.page, site, `maps.${Date.now()}@example.com`, 'a long enough passphrase');
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const camera = () => browser.page.locator('#lp-view').getAttribute('data-camera');

describe('the pictures in chromium', () => {
  it('plans a load, rotates and zooms the 3D view by mouse and keyboard, steps through the loading order', async () => {
    const { page, errors } = browser;
    await page.getByRole('link', { name: 'Load planner' }).click();
    await page.getByRole('heading', { name: 'Load planner', level: 1 }).waitFor();
    const rows = [
      ['carton', '60', '40', '40', '12.5', '60'],
      ['crate', '120', '100', '100', '400', '4'],
    ];
    for (const [i, row] of rows.entries())
      for (const [j, name] of ['id', 'length', 'width', 'height', 'weight', 'quantity'].entries())
        await page.locator(`#lp-${name}-${i}`).fill(row[j]);
    await page.locator('#lp-handling-1').selectOption('this_side_up');
    await page
      .locator('#lp-csv')
      .fill('id,length,width,height,weight,quantity,handling\nglass,80,60,50,35,6,this_side_up_fragile\n');
    await page.getByRole('button', { name: 'Plan the load' }).click();
    await page.getByRole('heading', { name: 'The plan' }).waitFor();
    const canvas = page.locator('#lp-view canvas');
    await canvas.waitFor();
    await page.waitForFunction('document.getElementById("lp-view").dataset.camera !== undefined');
    const before = await camera();

    // Drag on the canvas: OrbitControls turns the camera round the load.
    await canvas.scrollIntoViewIfNeeded();
    const area = (await canvas.boundingBox())!;
    await page.mouse.move(area.x + area.width / 2, area.y + area.height / 2);
    await page.mouse.down();
    await page.mouse.move(area.x + area.width / 2 + 160, area.y + area.height / 2 + 40, { steps: 8 });
    await page.mouse.up();
    const dragged = await camera();
    expect(dragged).not.toBe(before);
    // The wheel zooms in: the camera comes nearer the load's centre.
    const distance = (text: string | null) => Math.hypot(...text!.split(',').map(Number));
    await page.mouse.move(area.x + area.width / 2, area.y + area.height / 2);
    await page.mouse.wheel(0, -400);
    await page.waitForFunction(`document.getElementById("lp-view").dataset.camera !== ${JSON.stringify(dragged)}`);
    expect(distance(await camera())).toBeLessThan(distance(dragged));

    // By keyboard: the view's buttons, and the loading order's slider.
    await page.getByRole('button', { name: 'Rotate left' }).focus();
    const beforeKey = await camera();
    await page.keyboard.press('Enter');
    expect(await camera()).not.toBe(beforeKey);
    await page.getByRole('button', { name: 'Previous piece' }).click();
    await page.getByText(/^Piece 69 of 70: /).waitFor();
    await page.locator('#lp-step').focus();
    await page.keyboard.press('Home');
    await page.getByText('None of 70 pieces yet').waitFor();
    await page.keyboard.press('ArrowRight');
    await page.getByText(/^Piece 1 of 70: (carton|crate|glass) at \d+, \d+, \d+ mm$/).waitFor();
    await page.keyboard.press('End');
    await page.getByText('All 70 pieces').waitFor();

    expect(await page.getByRole('heading', { name: /FCL or LCL/ }).textContent()).toMatch(/Ship (LCL|FCL)/);
    await page.getByRole('button', { name: 'Reset view' }).click();
    expect(await camera()).toBe(before);
    const fits = (await screenshots(page, 'load-planner')).mobileOverflow;
    expect(fits).toBe(0);
    expect(errors).toEqual([]);
  });

  it('tracks a sample container in test mode and sees it on its map with the events and both ETAs', async () => {
    const { page, errors } = browser;
    await page.getByRole('link', { name: 'Tracking' }).click();
    await page.getByRole('heading', { name: 'Tracking', level: 1 }).waitFor();
    await page.getByRole('button', { name: /MSKU0001039/ }).click();
    await page.waitForURL(`${base}/tracking/containers/MSKU0001039`);
    await page.getByRole('img', { name: /Map of MSKU0001039/ }).waitFor();
    expect(await page.locator('.route-map .map-track').count()).toBe(1);
    expect(await page.locator('.route-map .map-vessel').count()).toBe(1);
    expect(await page.locator('.route-map .map-port').count()).toBeGreaterThanOrEqual(2);
    expect(await page.getByRole('row', { name: /Our predicted ETA/ }).textContent()).toMatch(
      /\d{4}-\d\d-\d\d \d\d:\d\d UTC/,
    );
    const fits: Record<string, number> = {};
    fits.container = (await screenshots(page, 'tracking-container')).mobileOverflow;
    await page.getByRole('link', { name: '← Tracking' }).click();
    await page.getByRole('link', { name: 'MSKU0001039' }).waitFor();
    fits.list = (await screenshots(page, 'tracking')).mobileOverflow;
    expect(fits).toEqual({ container: 0, list: 0 });
    expect(errors).toEqual([]);
  });
});
