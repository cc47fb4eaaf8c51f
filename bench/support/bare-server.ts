// The benchmark's yardstick: a bare Fastify app with the site's logger set-up, answering constants.
import Fastify from 'fastify';

const app = Fastify({ logger: { level: 'info' } });
app.get('/', async () => 'ok');
app.get('/readyz', async () => ({ status: 'ready' }));
app.post('/', async () => ({ success: true, infoMessages: [], errorMessages: [] }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
