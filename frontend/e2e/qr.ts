// Reads a QR code off the screen the way a phone camera would: a screenshot of the element, decoded by jsQR.
import { type Locator } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

export async function scanQr(element: Locator): Promise<string | null> {
  const png = PNG.sync.read(await element.screenshot());
  const found = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  return found?.data ?? null;
}
