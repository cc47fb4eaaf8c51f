// The back office as other parts of the server see it: its API and screens for the firm's staff.
export { backOfficePlugin } from './routes.ts';
