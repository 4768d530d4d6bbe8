// The application activity's queue (/wps/admin/promotions/applications; promotions.read to see it,
// promotions.write to approve or reject): members' applications with their remark and pictures. Approval pays
// the promotion's bonus; a rejection carries a reason (1 to 200 characters) the member is sent as a message.
// The shapes are server/promotions/applications_router.py's, camelCase.
import { consoleCall } from './api';
import { requestBlob } from './transport';

export type ApplicationStatus = 'APPLYING' | 'ISSUED' | 'REJECTED';
export type ApplicationOrder = 'oldest' | 'newest';
export const APPLICATION_STATUSES: readonly ApplicationStatus[] = ['APPLYING', 'ISSUED', 'REJECTED'];
export const APPLICATIONS_PAGE = 20;
export const REASON_MAX = 200;

export interface PromotionApplication {
  id: number;
  promotionId: number;
  promotionTitle: string;
  memberId: number;
  username: string;
  status: ApplicationStatus;
  periodKey: string;
  remark: string | null;
  images: number;
  amount: string; // what approval pays (while it waits), then what was paid
  reviewReason: string | null;
  reviewedAt: string | null;
  reviewedBy: string | null;
  createdAt: string;
  paidAt: string | null;
}

export interface ApplicationPage {
  list: PromotionApplication[];
  pageNum: number;
  totalPages: number;
  total: number;
}

const QUEUE = '/wps/admin/promotions/applications';

export function listPromotionApplications(
  status: ApplicationStatus,
  order: ApplicationOrder,
  page: number,
  pageSize = APPLICATIONS_PAGE,
): Promise<ApplicationPage> {
  return consoleCall<ApplicationPage>(QUEUE, { query: { status, order, page, pageSize } });
}

export function approveApplication(id: number): Promise<PromotionApplication> {
  return consoleCall<PromotionApplication>(`${QUEUE}/${id}/approve`, { method: 'POST' });
}

export function rejectApplication(id: number, reason: string): Promise<PromotionApplication> {
  return consoleCall<PromotionApplication>(`${QUEUE}/${id}/reject`, { method: 'POST', body: { reason } });
}

export const applicationImagePath = (id: number, n: number) => `${QUEUE}/${id}/images/${n}`;

// The picture's bytes, fetched with the staff token (an <img> cannot send it).
export function fetchApplicationImage(id: number, n: number, signal?: AbortSignal): Promise<Blob> {
  return requestBlob(applicationImagePath(id, n), signal);
}
