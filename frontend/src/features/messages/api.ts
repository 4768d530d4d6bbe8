// Platform messages (messageV2): the member's inbox. Every answer that changes the unread count carries the
// new count, which the header badge takes (state/messages.ts).
import { call, type Schemas } from '../../api/client';

export type Message = Schemas['MessageOut'];
export type MessagePage = Schemas['InboxOut'];
export type UnreadAnswer = Schemas['UnreadAfterOut'];

export const PAGE_SIZE = 10;

export const messagesApi = {
  list: (pageNo: number, unreadOnly: boolean) =>
    call<MessagePage>('/wps/member/messages', { query: { pageNo, pageSize: PAGE_SIZE, unread: unreadOnly } }),
  read: (id: number) => call<UnreadAnswer>(`/wps/member/messages/${id}/read`, { method: 'PUT' }),
  readAll: () => call<UnreadAnswer>('/wps/member/messages/read-all', { method: 'PUT' }),
  remove: (id: number) => call<UnreadAnswer>(`/wps/member/messages/${id}`, { method: 'DELETE' }),
};
