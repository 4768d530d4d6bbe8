// Pictures a member picks for a form (feedback, a promotion application), each with its preview: an object
// URL released when the picture leaves the form, is sent, or the form goes.
import { useEffect, useRef, useState } from 'react';

export interface PickedImage {
  file: File;
  url: string;
}

// The form's check of newly picked files against the `kept` ones: those admitted, and the first problem.
export type AdmitImages<Problem> = (kept: number, picked: readonly File[]) => { admitted: File[]; problem: Problem | null };

export function usePickedImages<Problem>(admitImages: AdmitImages<Problem>) {
  const [images, setImages] = useState<PickedImage[]>([]);

  // The previews' object URLs die with the form.
  const live = useRef(images);
  useEffect(() => {
    live.current = images;
  }, [images]);
  useEffect(() => () => live.current.forEach((image) => URL.revokeObjectURL(image.url)), []);

  // Adds the admissible files and tells the first problem with the others (null: none).
  const pick = (files: File[]): Problem | null => {
    const { admitted, problem } = admitImages(images.length, files);
    setImages([...images, ...admitted.map((file) => ({ file, url: URL.createObjectURL(file) }))]);
    return problem;
  };

  const remove = (index: number) => {
    URL.revokeObjectURL(images[index]!.url);
    setImages(images.filter((_, i) => i !== index));
  };

  // Every picture leaves (the form was sent).
  const clear = () => {
    images.forEach((image) => URL.revokeObjectURL(image.url));
    setImages([]);
  };

  return { images, pick, remove, clear };
}
