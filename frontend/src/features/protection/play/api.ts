// Player protection's calls made while playing (issue 34): the login session's play so far, for the reality
// check and the session time limit, and the brand's support organisations, for the Responsible Gaming help
// page (server/protection). Money is a decimal string, times milliseconds since 1970.
import { call, type Schemas } from '../../../api/client';

// startedAt: this login session's start, from which the reality check counts; net = won - staked;
// sessionEndsAt: when the session time limit the member set runs out, null without one.
export type PlaySession = Schemas['ProtectionPlaySessionOut'];
// url: https only; phone optional.
export type SupportOrganisation = Schemas['ProtectionOrganisationIO'];

type Signal = AbortSignal | undefined;

export const playApi = {
  playSession: (signal?: Signal) => call<PlaySession>('/wps/protection/play-session', { signal }),
  organisations: (signal?: Signal) =>
    call<Schemas['ProtectionOrganisationListOut']>('/wps/protection/organisations', { signal }),
};
