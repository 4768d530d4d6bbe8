// The application activity (kind APPLICATION, server/promotions/applications_router.py): the member applies
// with a remark (at most 140 characters) and up to three PNG or JPEG pictures of 5 MB at most, as multipart;
// staff approve (the bonus is paid) or reject with a reason. Which promotion's form is open is shared, so that
// the APPLY button of a card (usePromotionAction) opens the form on the promotion's own page.
import { atom, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { call } from '../../api/client';
import { type ActionResult, detailPath } from './api';

export const REMARK_MAX = 140;

// The promotion whose application form is open on its page; null: none.
export const applicationFormAtom = atom<number | null>(null);

export const applicationApi = {
  apply: (id: number, remark: string, images: readonly File[]) => {
    const form = new FormData();
    form.append('remark', remark);
    for (const image of images) form.append('images', image, image.name);
    return call<ActionResult>(`/wps/promotions/${id}/apply`, { method: 'POST', multipart: form });
  },
};

// APPLY: the form opens on the promotion's page (the page is opened first when the button was on a card).
export function useOpenApplication(): (id: number) => void {
  const open = useSetAtom(applicationFormAtom);
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (id: number) => {
      open(id);
      const here = location.pathname === '/promoDetail' && new URLSearchParams(location.search).get('id') === String(id);
      if (!here) void navigate(detailPath(id));
    },
    [open, navigate, location],
  );
}

// The checks the browser makes before sending (the server makes them again, by content).
export const MAX_IMAGES = 3;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
// The server's codes for a refused picture (as feedback's), each with its words under promotions.application.
export const IMAGE_ERROR_CODES = ['FEEDBACK_IMAGE_INVALID', 'FEEDBACK_IMAGE_TOO_LARGE', 'FEEDBACK_TOO_MANY_IMAGES'] as const;

// Characters as the server counts them (code points): an emoji is one, not two UTF-16 units.
export const remarkLength = (text: string) => [...text.trim()].length;

export type ImageProblem = 'imageType' | 'imageSize' | 'imageCount';

// Splits picked files into those that may join the `kept` ones and the first problem with the others.
export function admitImages(kept: number, picked: readonly File[]): { admitted: File[]; problem: ImageProblem | null } {
  const admitted: File[] = [];
  let problem: ImageProblem | null = null;
  for (const file of picked) {
    if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) problem ??= 'imageType';
    else if (file.size > MAX_IMAGE_BYTES) problem ??= 'imageSize';
    else if (kept + admitted.length >= MAX_IMAGES) problem ??= 'imageCount';
    else admitted.push(file);
  }
  return { admitted, problem };
}
