import { describe, expect, it } from 'vitest';

import { localizedThumbnail, vendorLogoUrl } from './art';

describe('house art addresses', () => {
  it('asks for a house thumbnail in the portal language', () => {
    expect(localizedThumbnail('/house/thumb/baccarat-a.svg', 'CN')).toBe('/house/thumb/baccarat-a.svg?lang=cn');
    expect(localizedThumbnail('/house/thumb/baccarat-a.svg?lang=en', 'JA')).toBe('/house/thumb/baccarat-a.svg?lang=ja');
  });

  it('leaves other providers\' thumbnails alone', () => {
    expect(localizedThumbnail('https://cdn.example/g.png?sig=1', 'CN')).toBe('https://cdn.example/g.png?sig=1');
    expect(localizedThumbnail('', 'CN')).toBe('');
  });

  it('has logos for the house vendors only', () => {
    expect(vendorLogoUrl('HOUSE_ELOTT')).toBe('/house/logo/HOUSE_ELOTT.svg');
    expect(vendorLogoUrl('PG')).toBeNull();
  });
});
