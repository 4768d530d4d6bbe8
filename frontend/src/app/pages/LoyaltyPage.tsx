import { useLocation } from 'react-router';

import { group } from '../lazyGroup';

// The two loyalty route groups of SPEC §2.1, Vip and pointMall, each its own chunk, behind this small one:
// the route table (on the first page's script) then names one file and one group for both, not each page
// with its every dependency (the first page's budget counts them). The page this address wants starts
// loading as soon as this chunk arrives, not when it renders.
const vip = group(() => import('./VipPage'));
const pointMall = group(() => import('./PointMallPage'));
const wanted = () => (location.pathname === '/vip' ? vip : pointMall);
void wanted().load().catch(() => undefined);

export default function LoyaltyPage() {
  const Page = useLocation().pathname === '/vip' ? vip.Page : pointMall.Page;
  return <Page />;
}
