// Handing a won client over (decision 031): due diligence, the signed webhook, the exports of clients won.
// The acceptance's transaction calls queueAcceptedWebhook; runtime.ts runs the sender.
export { registerHandoverRoutes } from './routes.ts';
export { queueAcceptedWebhook } from './webhook-deliveries.ts';
export { createWebhookSender, type WebhookSender, webhookSignature } from './webhook-sender.ts';
