import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import { brandAtom, languageAtom, tokenAtom } from '../../../state/atoms';
import { contentApi, type HomeNotice, type Notice, type PictureBanner, withPicture } from '../api';
import { noticeDate } from '../dates';
import { useNoticesVersion } from '../live';
import { hidePopupToday, markPopupShown, popupWanted } from '../popup';
import '../content.css';
import { BannerCarousel } from './BannerCarousel';
import { BannerLink } from './BannerLink';
import { NoticeMarquee } from './NoticeMarquee';
import { useNoticeModal } from './useNoticeModal';

// The modal brings the animation code: it comes when a notice is first opened.
const NoticeModal = lazy(() => import('./NoticeModal').then((module) => ({ default: module.NoticeModal })));

// A promotion tile without a link of its own leads to the promotions page (issue 31).
const PROMOTIONS_PAGE = '/promotions';
const EMPTY: HomeNotice = { player: [], banners: [], popup: [], promotion: [] };
const NO_BANNERS: PictureBanner[] = [];

// The home page's notices (SPEC §2.5, §3 Notice): banners, the announcements' marquee, the promotion tiles,
// the notices for the signed-in player, and the popup notice once a session. Loaded after the page's first
// paint (HomePage defers this chunk), asked again when the language or the player changes. The brand's own
// images (fallbackBanners) fill the carousel when the merchant publishes no banner, once that is known.
export function HomeNotices({ fallbackBanners = NO_BANNERS }: { fallbackBanners?: PictureBanner[] }) {
  const { t } = useTranslation();
  const language = useAtomValue(languageAtom);
  const token = useAtomValue(tokenAtom);
  const merchant = useAtomValue(brandAtom)?.merchantCode ?? '';
  const [home, setHome] = useState<HomeNotice>(EMPTY);
  const [answered, setAnswered] = useState(false);
  const [announcements, setAnnouncements] = useState<Notice[]>([]);
  // Mounted from its opening on (the modal plays its exit when closed); never mounted when not wanted, so
  // the modal's code is not fetched for nothing.
  const [popupMounted, setPopupMounted] = useState(false);
  const [popupOpen, setPopupOpen] = useState(false);
  const [notToday, setNotToday] = useState(false);
  const modal = useNoticeModal();
  const changed = useNoticesVersion(); // the console published, changed or withdrew one: read them again

  useEffect(() => {
    const abort = new AbortController();
    contentApi.homeNotice(abort.signal).then(setHome, () => undefined).finally(() => setAnswered(true));
    contentApi.announcements(1, abort.signal).then((page) => setAnnouncements(page.list), () => undefined);
    return () => abort.abort();
  }, [language, token, changed]);

  const popup = home.popup;
  const own = useMemo(() => withPicture(home.banners), [home.banners]);
  const banners = own.length > 0 || !answered ? own : fallbackBanners;
  const tiles = useMemo(() => withPicture(home.promotion), [home.promotion]);
  useEffect(() => {
    if (popup.length === 0 || !merchant || !popupWanted(merchant)) return;
    markPopupShown();
    setPopupMounted(true);
    setPopupOpen(true);
  }, [popup, merchant]);

  const closePopup = () => {
    if (notToday && merchant) hidePopupToday(merchant);
    setPopupOpen(false);
  };

  return (
    <div className="home-notices" data-testid="home-notices">
      <BannerCarousel banners={banners} />
      <NoticeMarquee notices={announcements} onOpen={(i) => modal.show(announcements, i)} />
      {tiles.length > 0 && (
        <section aria-labelledby="promotion-tiles-title">
          <h2 id="promotion-tiles-title" className="section-title">
            {t('notices.promotionsTitle')}
          </h2>
          <ul className="promotion-tiles">
            {tiles.map((tile) => (
              <li key={tile.id}>
                <BannerLink banner={tile.linkUrl ? tile : { ...tile, linkUrl: PROMOTIONS_PAGE }} className="promotion-tile">
                  <img src={tile.imageUrl} alt="" width={600} height={300} loading="lazy" decoding="async" />
                  <span>{tile.title}</span>
                </BannerLink>
              </li>
            ))}
          </ul>
        </section>
      )}
      {home.player.length > 0 && (
        <section className="player-notices" aria-labelledby="player-notices-title">
          <h2 id="player-notices-title" className="section-title">
            {t('notices.playerTitle')}
          </h2>
          <ul className="notice-list">
            {home.player.map((notice, i) => (
              <li key={notice.id}>
                <button type="button" className="notice-row" onClick={() => modal.show(home.player, i)}>
                  <span className="notice-row-title">{notice.title}</span>
                  <span className="notice-date muted">{noticeDate(notice.date)}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <Suspense fallback={null}>
        {modal.state && (
          <NoticeModal
            key={modal.state.key}
            open={modal.state.open}
            notices={modal.state.notices}
            index={modal.state.index}
            onClose={modal.close}
          />
        )}
        {popupMounted && (
          <NoticeModal
            open={popupOpen}
            notices={popup}
            index={0}
            onClose={closePopup}
            testId="popup-notice"
            footer={
              <label className="checkbox notice-not-today">
                <input type="checkbox" checked={notToday} onChange={(event) => setNotToday(event.target.checked)} />
                <span>{t('notices.notToday')}</span>
              </label>
            }
          />
        )}
      </Suspense>
    </div>
  );
}
