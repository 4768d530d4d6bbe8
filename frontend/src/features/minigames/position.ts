// Where the launcher sits: an offset (px) from its home corner, dragged by the member, kept in localStorage
// and always inside the viewport (a smaller window, a rotated phone, an offset saved on a desktop).
export const PLACE_KEY = 'miniGames.launcher';
const MARGIN = 8;

export interface Place {
  x: number;
  y: number;
  collapsed: boolean;
}

export function readPlace(fallbackCollapsed: boolean): Place {
  try {
    const saved = JSON.parse(localStorage.getItem(PLACE_KEY) ?? 'null') as Partial<Place> | null;
    if (saved && Number.isFinite(saved.x) && Number.isFinite(saved.y)) {
      return { x: saved.x!, y: saved.y!, collapsed: typeof saved.collapsed === 'boolean' ? saved.collapsed : fallbackCollapsed };
    }
  } catch {
    // storage off or the value broken: start at home
  }
  return { x: 0, y: 0, collapsed: fallbackCollapsed };
}

export function savePlace(place: Place): void {
  try {
    localStorage.setItem(PLACE_KEY, JSON.stringify(place));
  } catch {
    // private mode: the place is kept for this page only
  }
}

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

// The offset nearest `offset` that keeps the box inside the viewport. `home` is the box at offset 0.
export function clampOffset(offset: { x: number; y: number }, home: Box, view: { width: number; height: number }) {
  const clamp = (value: number, low: number, high: number) => (high < low ? low : Math.min(Math.max(value, low), high));
  return {
    x: clamp(offset.x, MARGIN - home.left, view.width - MARGIN - home.right),
    y: clamp(offset.y, MARGIN - home.top, view.height - MARGIN - home.bottom),
  };
}
