// The score reveal of a virtual match: the final score is known; the goals are spread over the match
// (a cosmetic timeline, repeatable for a match id) so that the score builds up while the clock runs.
export interface Goal {
  at: number; // 0..1 of the match
  side: 0 | 1;
}

function seeded(text: string): () => number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967296;
  };
}

export function goalTimeline(score: readonly [number, number], seed: string): Goal[] {
  const random = seeded(seed);
  const goals: Goal[] = [];
  for (const side of [0, 1] as const) {
    for (let i = 0; i < Math.max(0, score[side]); i++) goals.push({ at: 0.04 + random() * 0.92, side });
  }
  return goals.sort((a, b) => a.at - b.at);
}

export function scoreAt(goals: Goal[], progress: number): [number, number] {
  const score: [number, number] = [0, 0];
  for (const goal of goals) if (goal.at <= progress) score[goal.side] += 1;
  return score;
}
