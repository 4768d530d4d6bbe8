// The support desk's calls (/wps/admin/chat, the customer-service chat): the desk's queues, presence,
// claiming and transferring conversations, their messages, notes and pictures, the member behind one, the
// canned replies and the day's figures. chat.read reads, chat.answer answers, chat.supervise sees all live
// conversations, the figures and edits the canned replies (the server checks every call).
import { consoleCall } from './api';
import { askLive } from './live';
import { ConsoleError, requestBlob } from './transport';

export type Queue = 'VIP' | 'LIVECHAT' | 'TICKET';
export type ConversationStatus = 'WAITING' | 'OPEN' | 'CLOSED';
export type Presence = 'ONLINE' | 'AWAY' | 'OFFLINE';
export type Side = 'PLAYER' | 'STAFF' | 'SYSTEM';
export type MessageKind = 'TEXT' | 'IMAGE' | 'NOTE' | 'SYSTEM';

export const QUEUES: readonly Queue[] = ['VIP', 'LIVECHAT', 'TICKET'];
export const PRESENCES: readonly Presence[] = ['ONLINE', 'AWAY', 'OFFLINE'];
export const STATUSES: readonly ConversationStatus[] = ['WAITING', 'OPEN', 'CLOSED'];
export const TEXT_MAX = 4000; // the server's limit of a message
export const IMAGE_MAX = 5 * 1024 * 1024;
export const SEARCH_PAGE = 20;

export interface StaffRef {
  id: number;
  name: string;
}

export interface Conversation {
  id: number;
  queue: Queue;
  status: ConversationStatus;
  staff: StaffRef | null;
  position: number | null;
  lastSeq: number;
  memberReadSeq: number;
  staffReadSeq: number;
  rating: number | null;
  createdAt: number;
  closedAt: number | null;
}

export interface DeskConversation extends Conversation {
  member: { id: number; username: string; rankLevel: number } | null;
  visitorName: string | null;
  visitorEmail: string | null;
  waitingSeconds: number;
  lastText: string | null;
  lastAt: number | null;
  unread: number;
}

export interface ChatMessage {
  conversationId: number;
  seq: number;
  clientId: string | null;
  side: Side;
  kind: MessageKind;
  text: string;
  staffName: string | null;
  image: { width: number; height: number } | null;
  createdAt: number;
}

export interface Agent {
  id: number;
  name: string;
  presence: Presence;
  queues: string[];
  open: number;
  maxOpen: number;
}

export interface Desk {
  queues: Record<Queue, DeskConversation[]>;
  mine: DeskConversation[];
  live: DeskConversation[];
  me: Agent;
  agents: Agent[];
}

export interface Profile {
  memberId: number;
  username: string;
  nickname: string | null;
  rankLevel: number;
  clubLabelName: string | null;
  balance: string;
  currency: string;
  registeredAt: number | string | null;
  lastTransactions: { id: number; kind: string; amount: string; createdAt: number | string }[];
}

export interface ConversationDetail {
  conversation: DeskConversation;
  profile: Profile | null;
}

export interface MessagePage {
  conversation: Conversation;
  list: ChatMessage[];
}

export interface Canned {
  id: number;
  shortcut: string;
  text: string;
}

export interface Figures {
  waiting: number;
  open: number;
  avgFirstResponseSeconds: number | null;
  handledToday: { staffId: number; name: string; handled: number; avgFirstResponseSeconds: number | null }[];
}

export interface SearchQuery {
  q?: string;
  status?: ConversationStatus | '';
  queue?: Queue | '';
  page: number;
}

export interface SearchPage {
  list: DeskConversation[];
  pageNum: number;
  totalPages: number;
  total: number;
}

const BASE = '/wps/admin/chat';
const one = (id: number) => `${BASE}/conversations/${id}`;

export function readDesk(signal?: AbortSignal): Promise<Desk> {
  return consoleCall<Desk>(`${BASE}/desk`, { signal });
}

export function setPresence(presence: Presence): Promise<Agent> {
  return consoleCall<Agent>(`${BASE}/presence`, { method: 'PUT', body: { presence } });
}

export function searchConversations(query: SearchQuery): Promise<SearchPage> {
  const { q, status, queue, page } = query;
  return consoleCall<SearchPage>(`${BASE}/conversations`, {
    query: { q: q?.trim(), status, queue, page, pageSize: SEARCH_PAGE },
  });
}

export function readConversation(id: number): Promise<ConversationDetail> {
  return consoleCall<ConversationDetail>(one(id));
}

export function readMessages(id: number, after = 0, limit = 200): Promise<MessagePage> {
  return consoleCall<MessagePage>(`${one(id)}/messages`, { query: { after, limit } });
}

// 409 CHAT_ALREADY_CLAIMED when someone else was quicker.
export function claim(id: number): Promise<DeskConversation> {
  return consoleCall<DeskConversation>(`${one(id)}/claim`, { method: 'POST' });
}

export function assign(id: number, staffId: number): Promise<DeskConversation> {
  return consoleCall<DeskConversation>(`${one(id)}/assign`, { method: 'POST', body: { staffId } });
}

const SEND_TIMEOUT_MS = 10_000;

type SendAnswer = { ok: true; message: ChatMessage } | { ok: false; errorCode: string };

// The HTTP status the same refusal comes with over HTTP, for the retry rule (rules.isRetryable).
function statusOf(code: string): number {
  if (code === 'TOO_MANY_REQUEST') return 429;
  if (code === 'SERVICE_UNAVAILABLE') return 503;
  if (code === 'UNAUTHORIZED') return 401;
  if (code === 'FORBIDDEN' || code === 'OTP_ENROLMENT_REQUIRED' || code === 'CHAT_NOT_ASSIGNEE') return 403;
  if (code === 'CHAT_NOT_FOUND') return 404;
  if (code === 'VALIDATION_ERROR') return 422;
  return 409;
}

// Idempotent by clientId: a retry of the same send returns the stored message. On the console's socket
// (`chat:send`, acknowledged with the stored message) when it is up; over HTTP when it is not or does not
// answer in time: the same client id, so never two messages.
export async function sendMessage(id: number, clientId: string, text: string): Promise<ChatMessage> {
  const answer = (await askLive('chat:send', { conversationId: id, clientId, text }, SEND_TIMEOUT_MS)) as SendAnswer | null;
  if (answer === null || typeof answer !== 'object' || typeof answer.ok !== 'boolean') {
    return consoleCall<ChatMessage>(`${one(id)}/messages`, { method: 'POST', body: { clientId, text } });
  }
  if (answer.ok) return answer.message;
  throw new ConsoleError(answer.errorCode, answer.errorCode, statusOf(answer.errorCode));
}

export function sendNote(id: number, text: string): Promise<ChatMessage> {
  return consoleCall<ChatMessage>(`${one(id)}/notes`, { method: 'POST', body: { text } });
}

export function sendImage(id: number, clientId: string, image: File): Promise<ChatMessage> {
  const form = new FormData();
  form.append('clientId', clientId);
  form.append('image', image);
  return consoleCall<ChatMessage>(`${one(id)}/images`, { method: 'POST', body: form });
}

export function fetchChatImage(id: number, seq: number, signal?: AbortSignal): Promise<Blob> {
  return requestBlob(`${one(id)}/images/${seq}`, signal);
}

export function markRead(id: number, seq: number): Promise<unknown> {
  return consoleCall<unknown>(`${one(id)}/read`, { method: 'POST', body: { seq } });
}

export function closeConversation(id: number): Promise<DeskConversation> {
  return consoleCall<DeskConversation>(`${one(id)}/close`, { method: 'POST' });
}

export function listCanned(): Promise<{ list: Canned[] }> {
  return consoleCall<{ list: Canned[] }>(`${BASE}/canned`);
}

export function createCanned(body: { shortcut: string; text: string }): Promise<Canned> {
  return consoleCall<Canned>(`${BASE}/canned`, { method: 'POST', body });
}

export function updateCanned(id: number, body: { shortcut: string; text: string }): Promise<Canned> {
  return consoleCall<Canned>(`${BASE}/canned/${id}`, { method: 'PUT', body });
}

export function deleteCanned(id: number): Promise<unknown> {
  return consoleCall<unknown>(`${BASE}/canned/${id}`, { method: 'DELETE' });
}

export function readFigures(): Promise<Figures> {
  return consoleCall<Figures>(`${BASE}/figures`);
}
