import { useLocation } from 'react-router';

import type { Area } from '../../features/lottery/api';
import { LotteryScreen } from '../../features/lottery/components/LotteryScreen';

const VN_AREAS: readonly Area[] = ['VN', 'FAST'];
const SEA_AREAS: readonly Area[] = ['SEA'];

// /vnlottery (the Vietnamese menu: areas VN and FAST) and /seaLottery (area SEA) share this route group.
export default function VnLotteryPage() {
  const { pathname } = useLocation();
  if (pathname.toLowerCase() === '/sealottery') {
    return <LotteryScreen key="sea" titleKey="pages.seaLottery.title" source="all" areas={SEA_AREAS} />;
  }
  return <LotteryScreen key="vn" titleKey="pages.vnlottery.title" source="vn" areas={VN_AREAS} />;
}
