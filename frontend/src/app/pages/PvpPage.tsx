import { GameLobby } from '../../features/games/components/GameLobby';
import { PvpRooms } from '../../features/games/components/PvpRooms';

const CATEGORIES = ['PVP'] as const;

// The PVP lobby also lists the chosen vendor's rooms for members (SPEC §7, GLS2_roomList).
export default function PvpPage() {
  return (
    <GameLobby
      path="/pvp"
      categories={CATEGORIES}
      titleKey="categories.PVP"
      extra={(vendor, play) => <PvpRooms vassalage={vendor.vassalage} onPlay={play} />}
    />
  );
}
