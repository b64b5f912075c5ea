// The signed-in user's own calls (contract and docs/api.md, "Accounts"): who they are, their
// menu, registering, their profile and password, and ending the session.
import type { Static } from '@sinclair/typebox';
import type { Theme } from '../../contract/protocol/account-settings-rules';
import type { MenuRoute, Profile, RestClient, UserInfo } from '../../contract/api/types';
import { type PasswordResetSchema, type ProfileUpdateSchema, type RegistrationSchema, type VerificationPurposeSchema, USER_API } from '../../contract/entities/profile';

const USER = USER_API.base;

export type Registration = Static<typeof RegistrationSchema>;

export type ProfileChanges = Static<typeof ProfileUpdateSchema>;

export const fetchUserInfo = (api: RestClient): Promise<UserInfo> => api.get<UserInfo>(`${USER}/query/info`);

export const fetchMenuRoutes = (api: RestClient): Promise<MenuRoute[]> => api.get<MenuRoute[]>(`${USER_API.routerBase}/query/list`);

export const sendVerificationCode = (api: RestClient, email: string, purpose: Static<typeof VerificationPurposeSchema>): Promise<null> =>
  api.post<null>(`${USER}/send/code`, { email, purpose });

export const register = (api: RestClient, registration: Registration): Promise<null> => api.post<null>(`${USER}/add/register`, registration);

/** Sets a new password with the code mailed by `sendVerificationCode(email, 'reset')` ("Forgot password?"). */
export const resetPassword = (api: RestClient, reset: Static<typeof PasswordResetSchema>): Promise<null> => api.put<null>(`${USER}/update/reset`, reset);

export const changePassword = (api: RestClient, oldPassword: string, password: string): Promise<null> =>
  api.put<null>(`${USER}/update/password`, { oldPassword, password });

export const fetchProfile = (api: RestClient): Promise<Profile> => api.get<Profile>(`${USER}/get/profile`);

export const saveProfile = (api: RestClient, changes: ProfileChanges): Promise<Profile> => api.put<Profile>(`${USER}/update/profile`, changes);

/** Mails a code to `email`, the address the signed-in account wants; `changeEmail` takes it. */
export const sendEmailChangeCode = (api: RestClient, email: string): Promise<null> => api.post<null>(`${USER}/send/email-code`, { email });

export const changeEmail = (api: RestClient, email: string, code: string): Promise<Profile> => api.put<Profile>(`${USER}/update/email`, { email, code });

export const saveTheme = (api: RestClient, theme: Theme): Promise<null> => api.put<null>(`${USER}/update/theme`, { theme });

/** `avatar`: a data: URL of the cropped image, or null to remove it. */
export const saveAvatar = (api: RestClient, avatar: string | null): Promise<Profile> => api.put<Profile>(`${USER}/update/avatar`, { avatar });

/** Revokes the caller's token and closes its socket on the server. */
export const logOut = (api: RestClient): Promise<null> => api.post<null>(`${USER}/logout`);
