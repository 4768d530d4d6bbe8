import { deferred } from '../../../components/deferred';

export const memberPanelPending = <div className="header-account" aria-busy="true" />;

// The member panel (with the balance) is not a visitor's: its code comes in its own chunk, fetched as soon
// as there is a session token (the boot's session check, a login), alongside the member info it waits for.
// Apart from the header that shows it, so that the boot can start it without the header's code.
export const MemberPanel = deferred(
  () => import('./LoggedInPanel').then((module) => module.LoggedInPanel),
  memberPanelPending,
);
export const preloadMemberPanel = MemberPanel.preload;
