import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { useTranslation } from '../../i18n/react';
import type { Vendor } from './api';
import { launchGame, type Launchable, launchVendor } from './launch';

export type { Launchable } from './launch';

// The launch functions (launch.ts) bound to this component's t, navigate and location.
export function useLaunchGame() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useMemo(() => {
    const context = { t, navigate, pathname };
    return {
      launchGame: (game: Launchable) => launchGame(context, game),
      launchVendor: (vendor: Vendor) => launchVendor(context, vendor),
    };
  }, [t, navigate, pathname]);
}
