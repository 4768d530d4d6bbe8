// The session and member calls (SPEC §7). Calls marked E in the spec go encrypted.
import { call, type Schemas } from '../../api/client';

export type LoginOut = Schemas['LoginOut'];
export type MemberInfo = Schemas['MemberInfoOut'];
export type Avatar = Schemas['AvatarOut'];
export type Country = Schemas['CountryOut'];
export type RegisterOut = Schemas['RegisterOut'];
export type RegisterRule = Schemas['RegisterRuleOut'];

export interface ChallengeResult {
  challengeId: string;
  nonce: number;
}

export interface PasswordLogin {
  type: 'username';
  username: string;
  password: string;
  captcha?: string;
  challenge: ChallengeResult;
}

export interface SmsLogin {
  type: 'sms';
  mobileNum: string;
  countryDialingCode: string;
  verificationCode: string;
}

export const accountApi = {
  login: (body: PasswordLogin | SmsLogin) =>
    call<LoginOut>('/wps/session/login', { method: 'POST', body, encrypted: true, moduleId: 'LOGIN3' }),
  freePlay: () =>
    call<LoginOut>('/wps/session/login/freeplay', {
      method: 'POST',
      body: { os: navigator.platform, platform: 'W', random: crypto.randomUUID(), gatewayVersion: 3 },
      moduleId: 'FREEPLAY3',
    }),
  logout: () => call<null>('/wps/session/logout', { method: 'DELETE' }),
  memberInfo: () => call<MemberInfo>('/wps/member/info'),
  avatar: () => call<Avatar>('/wps/member/info/icon'),
  register: (body: Record<string, unknown>, mobile: boolean) =>
    call<RegisterOut>(mobile ? '/wps/member/register/mobile' : '/wps/member/register', {
      method: 'PUT',
      body,
      encrypted: true,
      moduleId: mobile ? 'MOBILENUMREG3' : 'DIRECTREG3',
    }),
  checkAffiliate: (code: string) =>
    call<{ valid: boolean }>('/wps/agent/affiliate', { query: { code, domain: window.location.host } }),
  countries: () => call<Country[]>('/wps/system/countries'),
  registerRules: () => call<RegisterRule[]>('/wps/system/setting/register'),
  sendLoginCode: (countryDialingCode: string, mobileNum: string, challenge: ChallengeResult) =>
    call<{ expiredMinutes: number }>('/wps/verification/sms/noLogin', {
      method: 'POST',
      body: { countryDialingCode, mobileNum, challenge },
    }),
  sendRegisterCode: (
    countryDialingCode: string,
    mobileNo: string,
    challenge: ChallengeResult,
    regType: 'mobile' | 'username' = 'mobile',
  ) =>
    call<{ expiredMinutes: number }>('/wps/verification/sms/register', {
      method: 'POST',
      body: { countryDialingCode, mobileNo, regType, challenge },
    }),
  sendForgotCode: (countryDialingCode: string, mobileNum: string, challenge: ChallengeResult) =>
    call<{ expiredMinutes: number }>('/wps/verification/sms/forgot', {
      method: 'POST',
      body: { countryDialingCode, mobileNum, challenge },
    }),
  changePassword: (oldPassword: string, newPassword: string, confirmNewPassword: string) =>
    call<null>('/wps/member/password', {
      method: 'POST',
      body: { oldPassword, newPassword, confirmNewPassword },
      encrypted: true,
    }),
  forgotByEmail: (username: string, email: string, challenge: ChallengeResult) =>
    call<null>('/wps/member/password/email', {
      method: 'POST',
      form: { username, email, challenge: JSON.stringify(challenge) },
    }),
  resetByPhone: (body: { countryDialingCode: string; mobileNum: string; verificationCode: string; newPassword: string }) =>
    call<RegisterOut>('/wps/member/password/verification', { method: 'POST', body, encrypted: true }),
};
