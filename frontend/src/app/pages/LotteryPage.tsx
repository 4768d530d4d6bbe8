import { LotteryScreen } from '../../features/lottery/components/LotteryScreen';

// SPEC §2.1: every area's games; ?gameCode and ?playType choose the game and the play type.
export default function LotteryPage() {
  return <LotteryScreen titleKey="pages.lottery.title" source="all" areas={null} />;
}
