import type { Opened, Tier } from './api';

// The tier a sheet leads with: the special prize, the 4D first prize, the five balls. Apart from the
// animated reveal so that the home page's popular list can name it without loading any animation.
export function headlineOf(opened: Opened): Tier | null {
  return opened.tiers[0] ?? null;
}

export function digitsOf(tier: Tier): string[] {
  return tier.numbers.join('').split('');
}
