// The player's side of the customer-service chat (/wps/chat, see the chat contract of issue 16). Every call
// carries the visitor's token (header Chat-Visitor) when one is stored, besides the usual Merchant and
// Authorization headers that the client adds.
import { call, type CallOptions, type Schemas } from '../../api/client';
import { fetchFile } from '../../api/files';
import { store } from '../../state/store';
import { brandAtom, tokenAtom } from '../../state/atoms';

export type Conversation = Schemas['ChatConversationOut'];
export type ChatMessage = Schemas['ChatMessageOut'];
export type ChatStatus = Schemas['ChatStatusOut'];
export type ChatEntry = Schemas['ChatEntryOut'];
type Ok = Schemas['ChatOkOut'];

const VISITOR_KEY = 'chat.visitor.';

function merchant(): string | null {
  return store.get(brandAtom)?.merchantCode ?? null;
}

// The visitor's token of this merchant, kept across visits (localStorage) so that a visitor finds their
// conversation again after a reload.
export function readVisitorToken(): string | null {
  const code = merchant();
  if (!code) return null;
  try {
    return localStorage.getItem(VISITOR_KEY + code);
  } catch {
    return null;
  }
}

export function writeVisitorToken(token: string | null): void {
  const code = merchant();
  if (!code) return;
  try {
    if (token) localStorage.setItem(VISITOR_KEY + code, token);
    else localStorage.removeItem(VISITOR_KEY + code);
  } catch {
    // private mode without storage: the token lives as long as the page
  }
}

function chatHeaders(): Record<string, string> {
  const visitor = readVisitorToken();
  return visitor ? { 'Chat-Visitor': visitor } : {};
}

function chatCall<T>(path: string, options: CallOptions = {}): Promise<T> {
  return call<T>(`/wps/chat${path}`, { ...options, headers: { ...chatHeaders(), ...options.headers } });
}

// A server-issued visitor token arrives with the first conversation or ticket of a visitor.
function keepVisitor<T extends { visitorToken?: string | null }>(answer: T): T {
  if (answer.visitorToken && !store.get(tokenAtom)) writeVisitorToken(answer.visitorToken);
  return answer;
}

const conversationPath = (id: number) => `/conversations/${id}`;

export const chatApi = {
  entries: () => chatCall<Schemas['ChatEntriesOut']>('/entries'),
  status: () => chatCall<ChatStatus>('/status'),
  start: (clientId: string, text: string) =>
    chatCall<Schemas['ChatStartOut']>('/conversations', {
      method: 'POST',
      body: { clientId, text },
    }).then(keepVisitor),
  ticket: (body: { name?: string; email?: string; text: string }) =>
    chatCall<Schemas['ChatTicketOut']>('/tickets', { method: 'POST', body }).then(keepVisitor),
  messages: (id: number, after: number, limit = 200) =>
    chatCall<Schemas['ChatMessagesOut']>(`${conversationPath(id)}/messages`, {
      query: { after, limit },
    }),
  send: (id: number, clientId: string, text: string) =>
    chatCall<ChatMessage>(`${conversationPath(id)}/messages`, { method: 'POST', body: { clientId, text } }),
  sendImage: (id: number, clientId: string, image: File) => {
    const form = new FormData();
    form.append('clientId', clientId);
    form.append('image', image, image.name);
    return chatCall<ChatMessage>(`${conversationPath(id)}/images`, { method: 'POST', multipart: form });
  },
  read: (id: number, seq: number) =>
    chatCall<Ok>(`${conversationPath(id)}/read`, { method: 'POST', body: { seq } }),
  close: (id: number) => chatCall<Conversation>(`${conversationPath(id)}/close`, { method: 'POST' }),
  rate: (id: number, score: number, comment: string) =>
    chatCall<Conversation>(`${conversationPath(id)}/rating`, {
      method: 'POST',
      body: comment ? { score, comment } : { score },
    }),
  transcript: (id: number, email: string) =>
    chatCall<Ok>(`${conversationPath(id)}/transcript`, { method: 'POST', body: { email } }),
  claim: () => chatCall<Schemas['ChatClaimedOut']>('/claim', { method: 'POST' }),
};

// The picture of an image message: its bytes need the chat headers, so they come by fetch, not <img src>.
export function fetchImage(conversationId: number, seq: number, signal?: AbortSignal): Promise<Blob> {
  return fetchFile(`/wps/chat${conversationPath(conversationId)}/images/${seq}`, chatHeaders(), signal);
}
