// The feedback desk's calls: members' feedback (feedback.read to read, feedback.answer to answer; the
// answer reaches the member as a platform message) and the affiliate / agent applications sent from /join.
import type { components } from '../api/schema';
import { consoleCall } from './api';
import { requestBlob } from './transport';

type Schemas = components['schemas'];

export type FeedbackItem = Schemas['FeedbackAdminOut'];
export type FeedbackStatus = FeedbackItem['status'];
export type FeedbackCategory = FeedbackItem['category'];
export type FeedbackPage = Schemas['FeedbackPageOut'];
export type Application = Schemas['ApplicationOut'];
export type ApplicationStatus = Application['status'];
export type ApplicationPage = Schemas['ApplicationPageOut'];

// What both desks' pages share.
export interface Page<T> {
  list: T[];
  pageNum: number;
  totalPages: number;
  total: number;
}

export const FEEDBACK_STATUSES: readonly FeedbackStatus[] = ['OPEN', 'ANSWERED'];
export const APPLICATION_STATUSES: readonly ApplicationStatus[] = ['NEW', 'CONTACTED', 'CLOSED'];
export const FEEDBACK_PAGE = 20;
export const ANSWER_MAX = 2000; // the server's limit

export function listFeedback(status: FeedbackStatus, pageNo: number, pageSize = FEEDBACK_PAGE): Promise<FeedbackPage> {
  return consoleCall<FeedbackPage>('/wps/admin/feedback', { query: { status, pageNo, pageSize } });
}

// A second answer (someone else was quicker) is 409 FEEDBACK_ANSWERED.
export function answerFeedback(id: number, answer: string): Promise<FeedbackItem> {
  return consoleCall<FeedbackItem>(`/wps/admin/feedback/${id}/answer`, { method: 'POST', body: { answer } });
}

export function feedbackImagePath(id: number, n: number): string {
  return `/wps/admin/feedback/${id}/images/${n}`;
}

// The image's bytes, fetched with the staff token (see transport.ts requestBlob).
export function fetchFeedbackImage(id: number, n: number, signal?: AbortSignal): Promise<Blob> {
  return requestBlob(feedbackImagePath(id, n), signal);
}

export function listApplications(
  status: ApplicationStatus,
  pageNo: number,
  pageSize = FEEDBACK_PAGE,
): Promise<ApplicationPage> {
  return consoleCall<ApplicationPage>('/wps/admin/applications', { query: { status, pageNo, pageSize } });
}

export function setApplicationStatus(id: number, status: ApplicationStatus): Promise<Application> {
  return consoleCall<Application>(`/wps/admin/applications/${id}/status`, { method: 'POST', body: { status } });
}
