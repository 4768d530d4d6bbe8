import { describe, expect, it } from 'vitest';

import { deviceOf, qrCodeOf } from './device';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPAD_DESKTOP_MODE = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

describe('deviceOf', () => {
  it('tells iPhones, iPads, Android phones and desktops apart', () => {
    expect(deviceOf(IPHONE, 5)).toBe('ios');
    expect(deviceOf(IPAD_DESKTOP_MODE, 5)).toBe('ios');
    expect(deviceOf(IPAD_DESKTOP_MODE, 0)).toBe('desktop');
    expect(deviceOf(ANDROID, 5)).toBe('android');
    expect(deviceOf(WINDOWS, 0)).toBe('desktop');
  });

  it("uses the resource's own QR code, else the server's", () => {
    expect(qrCodeOf({ resourceType: 'IOS', qrCodeUrl: 'https://cdn.example/ios.png' })).toBe('https://cdn.example/ios.png');
    expect(qrCodeOf({ resourceType: 'MOBILECONFIG', qrCodeUrl: null })).toBe('/wps/system/resources/MOBILECONFIG/qr.svg');
  });
});
