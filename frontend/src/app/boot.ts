// Start-up: which merchant this domain is, its language, its status (normal, maintenance, region
// restriction), then the realtime connection. Everything lands in the store.
import { ApiError, setRequestContext } from '../api/client';
import { getDomainRoute, getSystemStatus, type SystemStatus } from '../api/system';
import { referralCodeAtom } from '../features/account/atoms';
import { preloadMemberPanel } from '../features/account/components/memberPanel';
import { restoreSession } from '../features/account/session';
import { loadVendors } from '../features/games/vendors';
import { watchWinners } from '../features/games/winners';
import { applyTheme } from '../features/system/theme';
import { changeLanguage, likelyLanguage, prefetchTranslation, preferredLanguage, showLanguage } from '../i18n';
import { EVENTS } from '../realtime/events';
import { connectRealtime, onEvent } from '../realtime/socket';
import { bootAtom, brandAtom, languageAtom, statusAtom, tokenAtom } from '../state/atoms';
import { watchBalance } from '../state/balance';
import { readSession, SESSION_KEYS, writeSession } from '../state/sessionKeys';
import { store } from '../state/store';

setRequestContext(() => ({
  merchant: store.get(brandAtom)?.merchantCode ?? null,
  token: store.get(tokenAtom),
  language: store.get(languageAtom),
}));

// The brand's theme comes with its status: applied before the store hears of it, so the app's first paint
// (the boot waits for the status) is already in the brand's colours.
function showStatus(status: SystemStatus): void {
  applyTheme(status.info.theme);
  store.set(statusAtom, status);
}

export async function refreshStatus(): Promise<void> {
  showStatus(await getSystemStatus(window.location.href));
}

// SPEC §2.6: ?referralCode= in the address is kept for the registration.
function rememberReferral() {
  const code = new URLSearchParams(window.location.search).get('referralCode') ?? readSession('referralCode');
  if (code) {
    writeSession('referralCode', code);
    store.set(referralCodeAtom, code);
  }
}

let stopStatusListener: (() => void) | null = null;

// The first page waits for three answers, asked all at once: which brand this domain is, its status (the
// address names the merchant), and the strings of the language the visitor most likely reads. A returning
// member's session check starts as soon as the merchant is known. Nothing else holds the page up: the
// socket, the vendor list and the rest arrive while it shows.
export async function boot(): Promise<void> {
  store.set(bootAtom, { phase: 'loading' });
  const guess = likelyLanguage();
  prefetchTranslation(guess);
  const statusLoad = getSystemStatus(window.location.href, { byAddress: true });
  // Read below; a failed brand lookup leaves it unread, and that must not surface as unhandled.
  statusLoad.catch(() => undefined);
  try {
    const brand = await getDomainRoute(window.location.host);
    store.set(brandAtom, brand);
    writeSession(SESSION_KEYS.merchant, brand.merchantCode);
    writeSession(SESSION_KEYS.merchantCode, brand.merchantCode);
    writeSession(SESSION_KEYS.platform, brand.platform);
    const session = restoreSession();
    session.catch(() => undefined);
    // A returning member's header shows the member panel: its code loads while the session is checked.
    if (store.get(tokenAtom)) void preloadMemberPanel().catch(() => undefined);
    await Promise.all([
      changeLanguage(preferredLanguage(brand.supportedLanguages, brand.defaultLanguage)),
      statusLoad.then(showStatus),
    ]);
    rememberReferral();
    connectRealtime(brand.merchantCode, store.get(tokenAtom));
    watchBalance();
    watchWinners();
    // The header's game navigation; not awaited, so a slow vendor list never holds up the site.
    void loadVendors();
    await session;
    stopStatusListener?.();
    // Maintenance switched on or off while the page is open: re-read the status for this visitor.
    stopStatusListener = onEvent(EVENTS.systemStatus, () => {
      void refreshStatus().catch(() => undefined);
    });
    store.set(bootAtom, { phase: 'ready' });
  } catch (error) {
    const code = error instanceof ApiError ? error.code : 'NETWORK_ERROR';
    // The error screen needs words even when the brand (and so its language) is unknown.
    await showLanguage(guess).catch(() => undefined);
    store.set(bootAtom, { phase: 'failed', code });
  }
}
