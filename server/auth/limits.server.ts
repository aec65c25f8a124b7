/** OWASP ASVS-style throttles for sign-in and sign-up (issue 3). Tests may pass smaller ones. */
export const AUTH_LIMITS = {
  loginPerAccount: 10,
  loginPerIp: 30,
  loginWindowMs: 15 * 60 * 1000,
  signupPerIp: 10,
  signupWindowMs: 60 * 60 * 1000,
};
export type AuthLimits = typeof AUTH_LIMITS;
