// The web app's Content-Security-Policy as the built app is served, and avatars shown as Storage
// thumbnails under it: a journey that loads pictures and pages and sees no policy violation.
import { describe, expect, it } from 'vitest';
import { expectToast, openPage, useBrowser, webUrl } from './support/browser.ts';
import { newUser } from '../../scripts/local/test-stack/harness.ts';
import { image } from '../../scripts/local/test-stack/images.ts';
import { expectNoErrors, JOURNEY_TIMEOUT, signIn } from './support/journey.ts';
import { headersFile, metaContentSecurityPolicy, webHeaders } from '../security-headers.ts';

const browser = useBrowser();

describe('the web app as served', () => {
  it("answers every page with its CSP (no framing), the build's meta policy and the static host's _headers", async () => {
    for (const path of ['/', '/login', '/dashboard', '/team/brightpath']) {
      const res = await fetch(webUrl() + path);
      expect(res.headers.get('content-security-policy')).toBe(webHeaders(path, {})['content-security-policy']);
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect([res.headers.get('x-frame-options'), res.headers.get('x-content-type-options')]).toEqual(['DENY', 'nosniff']);
      const html = (await res.text()).replaceAll('&#39;', "'");
      expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="${metaContentSecurityPolicy({})}"`);
    }
    expect(await (await fetch(`${webUrl()}/_headers`)).text()).toBe(headersFile({}));
  });

  it('sends pages and scripts gzipped to a browser that accepts it, as they are to one that does not', async () => {
    const plain = await fetch(`${webUrl()}/book/1`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const html = await plain.text();
    const zipped = await fetch(`${webUrl()}/book/1`, { headers: { 'accept-encoding': 'gzip' } });
    expect([zipped.headers.get('content-encoding'), zipped.headers.get('vary')]).toEqual(['gzip', 'Accept-Encoding']);
    expect(await zipped.text()).toBe(html);
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1];
    const [a, b] = await Promise.all(
      ['identity', 'gzip'].map((encoding) => fetch(webUrl() + script, { headers: { 'accept-encoding': encoding } })),
    );
    expect([a.headers.get('content-encoding'), b.headers.get('content-encoding')]).toEqual([null, 'gzip']);
    expect(Number(b.headers.get('content-length'))).toBeLessThan((await a.clone().text()).length / 2);
    expect(await b.text()).toBe(await a.text());
  });

  it(
    'uploads a profile picture and shows it as a transformed thumbnail, with no policy violation on the way',
    async () => {
      const user = await newUser({ firstName: 'Pia', lastName: 'Pixel' });
      const { page, errors } = await openPage(browser());
      await signIn(page, user);
      await page.goto('/profile');
      await page.getByLabel('Profile picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await image('png', 300, 200) });
      await expectToast(page, 'Profile picture updated');
      const avatar = page.getByRole('img', { name: 'Pia Pixel' }).first();
      await expect.poll(() => avatar.getAttribute('src')).toContain('/storage/v1/render/image/public/avatars/');
      // 2xl is 64 CSS pixels: Storage answers a 128 × 128 crop of the 300 × 200 picture.
      await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => [img.complete, img.naturalWidth, img.naturalHeight])).toEqual([true, 128, 128]);
      expectNoErrors(errors);
    },
    JOURNEY_TIMEOUT,
  );
});
