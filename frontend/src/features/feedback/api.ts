// Feedback (SPEC §7 /wps/feedback): the member sends a category, a text and up to three images, and reads
// their own feedback with the staff's answers.
import { call, type Schemas } from '../../api/client';

export type FeedbackItem = Schemas['FeedbackOut'];
export type FeedbackCategory = FeedbackItem['category'];

// In the order the form offers them.
export const FEEDBACK_CATEGORIES: readonly FeedbackCategory[] = ['SUGGESTION', 'BUG', 'PAYMENT', 'GAME', 'OTHER'];

export const feedbackApi = {
  send: (category: FeedbackCategory, content: string, images: readonly File[]) => {
    const form = new FormData();
    form.append('category', category);
    form.append('content', content);
    for (const image of images) form.append('images', image, image.name);
    return call<Schemas['FeedbackIdOut']>('/wps/feedback', { method: 'PUT', multipart: form });
  },
  list: () => call<Schemas['FeedbackListOut']>('/wps/feedback'),
};
