// SPEC §2.2: the customer-service popup is 440 x 750. Which service (VIP above rank level 4, else live chat)
// and where it lives is the server's answer to GET /wps/chat/entries (features/chat/launch.ts).
export const SERVICE_WINDOW = 'width=440,height=750';

// The brand's contact page: it stands outside the status gate, so maintenance and region screens lead here.
export const SERVICE_PATH = '/service';
