import { animate } from 'framer-motion';

// A figure rolling from one value to another. Loaded by the jackpot ticker when its first figure arrives,
// so that the home page renders without the animation engine.
export function countUp(from: number, to: number, onUpdate: (value: number) => void): () => void {
  const controls = animate(from, to, { duration: 1.6, ease: 'easeOut', onUpdate });
  return () => controls.stop();
}
