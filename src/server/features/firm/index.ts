// The firm's details as other parts of the server see them: held in memory, kept in step, shown.

export { demoFirmDetails, loadDemoFirm } from './demo-firm.ts';
export { LiveFirm } from './live-firm.ts';
export { registerSitePictures } from './picture-routes.ts';
export { createFirmRefresher } from './refresher.ts';
export { registerFirmRoutes } from './routes.ts';
export { firmDetailsNow, siteFirmNow } from './site-firm-now.ts';
