// The staff console's routes (under /console): the login, the two-factor enrolment, and the shell with the
// sections the login's permissions open. A signed-in route first reads the account behind the token; a
// login that still has to enrol sees the enrolment screen and nothing else.
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { type ReactNode, useEffect, useState } from 'react';
import { Navigate, Outlet, type RouteObject, useLocation, useRoutes } from 'react-router';

import { useTranslation } from '../i18n/react';
import { isSessionProblem, onSessionProblem, readMe } from './api';
import { Problem } from './components/Problem';
import { roleLabel, Shell } from './components/Shell';
import { problemText } from './i18n';
import { AgentsPage } from './pages/AgentsPage';
import { AuditPage } from './pages/AuditPage';
import { BrandPage } from './pages/BrandPage';
import { ContentPage } from './pages/ContentPage';
import { DashboardPage } from './pages/DashboardPage';
import { CashierPage } from './pages/CashierPage';
import { EnrolPage } from './pages/EnrolPage';
import { FeedbackPage } from './pages/FeedbackPage';
import { LoginPage } from './pages/LoginPage';
import { LoyaltyPage } from './pages/LoyaltyPage';
import { MemberPage } from './pages/member/MemberPage';
import { MembersPage } from './pages/MembersPage';
import { PromotionsPage } from './pages/PromotionsPage';
import { ProtectionPage } from './pages/ProtectionPage';
import { StaffPage } from './pages/StaffPage';
import { SupportPage } from './pages/SupportPage';
import {
  AGENTS_READ,
  AUDIT_READ,
  BRAND_READ,
  can,
  CASHIER_READ,
  CHAT_READ,
  CONTENT_READ,
  DASHBOARD_READ,
  FEEDBACK_READ,
  LOYALTY_READ,
  MEMBERS_READ,
  navFor,
  PROMOTIONS_READ,
  PROTECTION_READ,
  STAFF_READ,
} from './permissions';
import { exitAtom, meAtom, signOutAtom, tokenAtom } from './store';

function SignedIn() {
  const { t } = useTranslation();
  const location = useLocation();
  const token = useAtomValue(tokenAtom);
  const [me, setMe] = useAtom(meAtom);
  const exit = useAtomValue(exitAtom);
  const [problem, setProblem] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!token || me) return;
    let current = true;
    setProblem(null);
    readMe().then(
      (account) => {
        if (current) setMe(account);
      },
      (error: unknown) => {
        if (current) setProblem(error);
      },
    );
    return () => {
      current = false;
    };
  }, [token, me, setMe, attempt]);

  if (!token) return <Navigate to="/login" replace state={exit === 'logout' ? null : { from: location.pathname }} />;
  if (!me) {
    // A session that ended goes to the login (see ConsoleApp); anything else can be tried again.
    const failed = problem !== null && !isSessionProblem(problem);
    return (
      <div className="cs-loading">
        {failed ? (
          <>
            <Problem>{problemText(t, problem)}</Problem>
            <button type="button" className="cs-button secondary" onClick={() => setAttempt((n) => n + 1)}>
              {t('app.retry')}
            </button>
          </>
        ) : (
          <p className="cs-muted" role="status">
            {t('app.loading')}
          </p>
        )}
      </div>
    );
  }
  const enrolling = location.pathname === '/enrol';
  if (me.otpEnrolmentRequired && !enrolling) return <Navigate to="/enrol" replace />;
  return <Outlet />;
}

// The console's start: the first section the login may see, or, with none, a word on why it is empty.
function Home() {
  const { t } = useTranslation();
  const me = useAtomValue(meAtom);
  const first = navFor(me?.permissions ?? [])[0];
  if (first) return <Navigate to={first.path} replace />;
  return (
    <section className="cs-page">
      <p className="cs-empty-role" data-testid="nothing-here">
        {t('shell.nothingHere', { role: roleLabel(t, me?.role ?? '') })}
      </p>
    </section>
  );
}

// A section the login's permissions do not open says so instead of showing what the server would refuse.
function Allowed({ permission, children }: { permission: string; children: ReactNode }) {
  const { t } = useTranslation();
  const me = useAtomValue(meAtom);
  if (can(me?.permissions, permission)) return children;
  return (
    <section className="cs-page">
      <p className="cs-forbidden" role="alert">
        {t('shell.noPermission')}
      </p>
    </section>
  );
}

// Route objects (useRoutes), as the portal declares its own: <Routes> would add react-router code that the
// portal's first page, which shares react-router's chunk, would then load too.
const ROUTES: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  {
    element: <SignedIn />,
    children: [
      { path: '/enrol', element: <EnrolPage /> },
      {
        element: <Shell />,
        children: [
          { index: true, element: <Home /> },
          {
            path: '/dashboard',
            element: (
              <Allowed permission={DASHBOARD_READ}>
                <DashboardPage />
              </Allowed>
            ),
          },
          {
            path: '/staff',
            element: (
              <Allowed permission={STAFF_READ}>
                <StaffPage />
              </Allowed>
            ),
          },
          {
            path: '/audit',
            element: (
              <Allowed permission={AUDIT_READ}>
                <AuditPage />
              </Allowed>
            ),
          },
          {
            path: '/members',
            element: (
              <Allowed permission={MEMBERS_READ}>
                <MembersPage />
              </Allowed>
            ),
          },
          {
            path: '/members/:id',
            element: (
              <Allowed permission={MEMBERS_READ}>
                <MemberPage />
              </Allowed>
            ),
          },
          {
            path: '/support',
            element: (
              <Allowed permission={CHAT_READ}>
                <SupportPage />
              </Allowed>
            ),
          },
          {
            path: '/agents',
            element: (
              <Allowed permission={AGENTS_READ}>
                <AgentsPage />
              </Allowed>
            ),
          },
          {
            path: '/cashier',
            element: (
              <Allowed permission={CASHIER_READ}>
                <CashierPage />
              </Allowed>
            ),
          },
          {
            path: '/brand',
            element: (
              <Allowed permission={BRAND_READ}>
                <BrandPage />
              </Allowed>
            ),
          },
          {
            path: '/content',
            element: (
              <Allowed permission={CONTENT_READ}>
                <ContentPage />
              </Allowed>
            ),
          },
          {
            path: '/promotions',
            element: (
              <Allowed permission={PROMOTIONS_READ}>
                <PromotionsPage />
              </Allowed>
            ),
          },
          {
            path: '/loyalty',
            element: (
              <Allowed permission={LOYALTY_READ}>
                <LoyaltyPage />
              </Allowed>
            ),
          },
          {
            path: '/protection',
            element: (
              <Allowed permission={PROTECTION_READ}>
                <ProtectionPage />
              </Allowed>
            ),
          },
          {
            path: '/feedback',
            element: (
              <Allowed permission={FEEDBACK_READ}>
                <FeedbackPage />
              </Allowed>
            ),
          },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to="/" replace /> },
];

export function ConsoleApp() {
  const signOut = useSetAtom(signOutAtom);
  const setMe = useSetAtom(meAtom);

  // Any call may learn that the session ended (the account was disabled, its two-factor reset) or that it
  // has to enrol first: the login screen, with a word why, or the enrolment screen.
  useEffect(() => {
    onSessionProblem((code) => {
      if (code === 'UNAUTHORIZED') signOut('login.sessionEnded');
      else setMe((me) => (me ? { ...me, otpEnrolmentRequired: true } : me));
    });
    return () => onSessionProblem(null);
  }, [signOut, setMe]);

  return useRoutes(ROUTES);
}
