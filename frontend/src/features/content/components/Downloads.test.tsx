import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Resource, SystemStatus } from '../../../api/system';
import { statusAtom } from '../../../state/atoms';
import { store } from '../../../state/store';
import { installPointerEvents, renderAt, setUp } from '../../../testing/portalTest';
import { DownloadPanel, SideDownload } from './Downloads';

const resource = (resourceType: string, url: string, qrCodeUrl: string | null = null, demo = false): Resource => ({
  resourceType, url, qrCodeUrl, labelNameEn: null, labelNameCn: null, demo,
});
const ALL = [
  resource('FACEBOOK', 'https://facebook.com/brand'),
  resource('Android', 'https://cdn.example/app.apk'),
  resource('IOS', 'itms-services://?action=download-manifest&url=https://cdn.example/app.plist', '/wps/system/resources/IOS/qr.svg'),
  resource('MOBILECONFIG', 'https://cdn.example/app.mobileconfig'),
];

function withResources(resources: Resource[]) {
  store.set(statusAtom, { info: { resources } } as unknown as SystemStatus);
}

beforeAll(async () => {
  installPointerEvents();
  await setUp();
});
beforeEach(() => withResources(ALL));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const shownApps = () => within(screen.getByTestId('download-apps')).getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
const selectedTab = () => screen.getByRole('tab', { selected: true }).textContent;

describe('/down', () => {
  it('shows a desktop visitor every app, with its QR code, link and label', () => {
    renderAt('/down', <DownloadPanel device="desktop" />);
    expect(selectedTab()).toBe('All');
    expect(shownApps()).toEqual(['iOS app', 'iOS web app', 'Android app']);
    const ios = screen.getByTestId('download-IOS');
    expect(within(ios).getByRole('img').getAttribute('src')).toBe('/wps/system/resources/IOS/qr.svg');
    expect(within(ios).getByRole('link').getAttribute('href')).toBe(ALL[2]!.url);
    // The server's QR code, made from the brand's own address, when the resource names none.
    const lite = screen.getByTestId('download-MOBILECONFIG');
    expect(within(lite).getByRole('img', { name: 'QR code to download iOS web app' }).getAttribute('src')).toBe(
      '/wps/system/resources/MOBILECONFIG/qr.svg',
    );
    expect(within(lite).getByRole('link', { name: 'Install iOS web app' }).getAttribute('href')).toBe(ALL[3]!.url);
    expect(document.getElementById('ios-lite')).toBe(lite);
  });

  it('opens on iOS for an iPhone, and never advises trusting an unknown developer or profile', () => {
    renderAt('/down', <DownloadPanel device="ios" />);
    expect(selectedTab()).toBe('iOS');
    expect(shownApps()).toEqual(['iOS app', 'iOS web app']);
    const steps = screen.getAllByRole('listitem').map((li) => li.textContent ?? '');
    expect(steps).toContain("Install the app as your phone shows. If it asks you to trust an unknown developer, don't: cancel the install.");
    // The web app needs no profile at all: Safari's Add to Home Screen gives the same icon.
    expect(steps.some((step) => step.includes('Add to Home Screen') && step.includes('no profile needed'))).toBe(true);
    expect(steps.join(' ')).not.toMatch(/tap Trust|Device Management|Enterprise App|Profile Downloaded/);
  });

  it("marks a demo's stand-in addresses as demo links, and a real one not", () => {
    const demo = resource('IOS', 'https://download.demo.test/ios/', null, true);
    withResources([demo, ALL[1]!]);
    renderAt('/down', <DownloadPanel device="desktop" />);
    const ios = screen.getByTestId('download-IOS');
    expect(within(ios).getByRole('heading', { level: 2 }).textContent).toBe('iOS appDemo');
    expect(within(ios).getByTestId('download-demo').textContent).toBe(
      'Demo link: this brand publishes no app yet. The address https://download.demo.test/ios/ is on a name reserved for tests and leads nowhere.',
    );
    const android = screen.getByTestId('download-Android');
    expect(within(android).queryByTestId('download-demo')).toBeNull();
    expect(within(android).getByRole('heading', { level: 2 }).textContent).toBe('Android app');
  });

  it('opens on Android for an Android phone, and the tabs switch', () => {
    renderAt('/down', <DownloadPanel device="android" />);
    expect(selectedTab()).toBe('Android');
    expect(shownApps()).toEqual(['Android app']);
    fireEvent.click(screen.getByRole('tab', { name: 'All' }));
    expect(shownApps()).toEqual(['iOS app', 'iOS web app', 'Android app']);
  });

  it("reads the device from the browser's user agent", () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
    );
    renderAt('/down', <DownloadPanel />);
    expect(selectedTab()).toBe('Android');
    cleanup();
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
    );
    renderAt('/down', <DownloadPanel />);
    expect(selectedTab()).toBe('iOS');
  });

  it('falls back to every app when the device has none, and says when the brand has no app', () => {
    withResources([ALL[2]!]);
    renderAt('/down', <DownloadPanel device="android" />);
    expect(screen.queryByRole('tab')).toBeNull();
    expect(shownApps()).toEqual(['iOS app']);
    cleanup();
    withResources([ALL[0]!]);
    renderAt('/down', <DownloadPanel device="ios" />);
    expect(screen.getByText('No apps are offered yet.')).toBeTruthy();
  });
});

describe('the side bar download entry', () => {
  it('leads to /down and shows the QR codes while hovered', () => {
    renderAt('/', <SideDownload />);
    const link = screen.getByTestId('side-download');
    expect(link.getAttribute('href')).toBe('/down');
    expect(screen.queryByTestId('side-download-qr')).toBeNull();
    fireEvent.pointerEnter(link.parentElement!, { pointerType: 'mouse' });
    const flyout = screen.getByTestId('side-download-qr');
    expect(within(flyout).getAllByRole('img').map((img) => img.getAttribute('src'))).toEqual([
      '/wps/system/resources/IOS/qr.svg',
      '/wps/system/resources/MOBILECONFIG/qr.svg',
      '/wps/system/resources/Android/qr.svg',
    ]);
    expect(within(flyout).getAllByRole('figure').map((f) => f.textContent)).toEqual(['iOS app', 'iOS web app', 'Android app']);
    fireEvent.pointerLeave(link.parentElement!, { pointerType: 'mouse' });
    expect(flyout.hidden).toBe(true);
  });

  it('is not there when the brand has no app', () => {
    withResources([ALL[0]!]);
    renderAt('/', <SideDownload />);
    expect(screen.queryByTestId('side-download')).toBeNull();
  });
});
