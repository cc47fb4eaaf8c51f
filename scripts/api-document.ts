import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '#server/config.ts';
import { createRuntime } from '#server/runtime.ts';

/** Where docs/api.md says the site is: a firm's own address goes here. */
export const documentedOrigin = 'https://www.example.com';

export interface OpenApiDocument {
  info: { title: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, { description?: string; name?: string; in?: string }> };
}

export interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema; description?: string }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
}

export interface JsonSchema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

/**
 * The site's OpenAPI document, from the app itself built in this process on a throwaway database (the
 * routes and their contract entries are the same whatever the database). Needs the build (npm run build).
 */
export async function currentApiDocument(): Promise<OpenApiDocument> {
  const dir = mkdtempSync(path.join(tmpdir(), 'practice-site-api-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: documentedOrigin,
    DATABASE_URL: `sqlite:${path.join(dir, 'site.db')}`,
    MAIL_DIR: path.join(dir, 'mail'),
    CAPTCHA_PROVIDER: 'none',
    // So that /metrics exists and is documented.
    METRICS_TOKEN: 'documenting-the-api-needs-a-metrics-token',
    LOG_LEVEL: 'silent',
  });
  const runtime = await createRuntime(config, pino({ level: 'silent' }));
  try {
    const answer = await runtime.app.inject({ method: 'GET', url: '/api/openapi.json' });
    return answer.json();
  } finally {
    await runtime.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
