import { useState } from 'react';

import { vendorLogoUrl } from '../art';

// A vendor's logo beside its name (decorative: the name is the text next to it). Its box is fixed so the
// tab or menu item does not move when the image arrives; a vendor without a logo, or one that fails,
// shows none.
export function VendorLogo({ vassalage, size = 20 }: { vassalage: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  const src = vendorLogoUrl(vassalage);
  if (!src || failed) return null;
  return (
    <img className="vendor-logo" src={src} alt="" width={size} height={size} decoding="async"
      data-testid={`vendor-logo-${vassalage}`} onError={() => setFailed(true)} />
  );
}
