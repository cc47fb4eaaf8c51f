// The applications feature as other parts of the server see it: the application questionnaire.
export { applicationLeads } from './lead-kind.ts';
export { applicationSummary } from './queries.ts';
export { registerApplicationRoutes } from './routes.ts';
export { type ApplicationService, createApplicationService } from './service.ts';
