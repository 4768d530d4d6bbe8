// The house vendor's own art (server/house/art): its thumbnails are drawn per language, and each of its
// vendors has a logo. Other providers' thumbnails are their own addresses, left as they are.
const HOUSE_THUMB = '/house/thumb/';
// Every house vendor's code starts so (server/house/config.py VENDORS); the logo route knows only those.
const HOUSE_VENDOR_PREFIX = 'HOUSE_';

// The thumbnail in the language the portal shows (the tile's name is in it too).
export function localizedThumbnail(src: string, language: string): string {
  if (!src.startsWith(HOUSE_THUMB)) return src;
  const [path = src, query] = src.split('?', 2);
  const params = new URLSearchParams(query);
  params.set('lang', language.toLowerCase());
  return `${path}?${params.toString()}`;
}

export function vendorLogoUrl(vassalage: string): string | null {
  return vassalage.startsWith(HOUSE_VENDOR_PREFIX) ? `/house/logo/${encodeURIComponent(vassalage)}.svg` : null;
}
