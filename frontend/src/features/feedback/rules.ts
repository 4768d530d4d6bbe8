// The checks the browser makes before sending feedback: the server makes them again (by content, not by the
// name or type the browser reports) and answers with the codes below.

export const MAX_CONTENT = 2000;
export const MAX_IMAGES = 3;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;

// The server's codes for feedback, each with its own words under feedback.errors.
export const FEEDBACK_ERROR_CODES = [
  'FEEDBACK_IMAGE_INVALID',
  'FEEDBACK_IMAGE_TOO_LARGE',
  'FEEDBACK_TOO_MANY_IMAGES',
  'TOO_MANY_REQUEST',
] as const;

// Characters as the server counts them (code points): an emoji is one, not two UTF-16 units.
export function contentLength(text: string): number {
  return [...text].length;
}

export type ImageProblem = 'type' | 'size' | 'count';

// Splits picked files into those that may join the `kept` ones and the first problem with the others.
export function admitImages(
  kept: number,
  picked: readonly File[],
): { admitted: File[]; problem: ImageProblem | null } {
  const admitted: File[] = [];
  let problem: ImageProblem | null = null;
  for (const file of picked) {
    if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) problem ??= 'type';
    else if (file.size > MAX_IMAGE_BYTES) problem ??= 'size';
    else if (kept + admitted.length >= MAX_IMAGES) problem ??= 'count';
    else admitted.push(file);
  }
  return { admitted, problem };
}
