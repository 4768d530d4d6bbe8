import { useState } from 'react';

import { HeaderBottom } from './HeaderBottom';
import { HeaderTop } from './HeaderTop';

// The full header (from 1280 px): languages and the account on the top row, the logo and every game
// category on the bottom one. On the lottery page the navigation row can be folded away.
export function FullHeader({ onLottery }: { onLottery: boolean }) {
  const [navOpen, setNavOpen] = useState(true);
  return (
    <>
      <HeaderTop navToggle={onLottery ? { open: navOpen, toggle: () => setNavOpen((o) => !o) } : null} />
      {(!onLottery || navOpen) && <HeaderBottom />}
    </>
  );
}
