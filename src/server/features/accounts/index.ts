// The accounts feature as other parts of the server see it: staff accounts, sign-in and sessions.
export { deleteIdleSignInRecords } from './idle-records.ts';
export { hashPassword } from './passwords.ts';
export { eraseStaffAccountData, exportStaffAccountData } from './personal-data.ts';
export { accountsPlugin, sessionCookie, signedInUser } from './routes.ts';
export { type AccountService, createAccountService } from './service.ts';
export { registerStaffRoutes } from './staff-routes.ts';
