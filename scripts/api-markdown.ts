import type { JsonSchema, OpenApiDocument, Operation } from './api-document.ts';

// docs/api.md, written from the OpenAPI document so that it never says anything the site does not do.

const introduction = (origin: string) => `
The site's own pages use these endpoints, and so can a firm's other software: a practice-management system
can pull every lead from the back office's JSON or CSV lists. The machine-readable form of this page is
served by the site itself at \`GET /api/openapi.json\` (OpenAPI 3.1), and this page is written from it by
\`npm run docs:api\`: run that after changing an endpoint in \`src/shared/api/\`.

Examples use \`${origin}\`; put the firm's own address in its place.

## Calling the back office from another program

Back-office endpoints need a member of staff's session, exactly as the browser has one. Create a staff
account for the program (\`npm run user:add -- leads-export@your-firm.example\`), choose its password from
the emailed link, then:

1. \`GET /api/form-token\`: answers \`{"token": "…"}\` and sets the form-token cookie. Keep both cookies
   this program receives in a cookie jar.
2. \`POST /login\` as a form post (\`application/x-www-form-urlencoded\`) with \`emailAddress\`, \`p\` (the
   SHA-512 of the password's UTF-8 bytes in lower-case hex: the password itself never travels) and
   \`formToken\` set to that token, and an \`Origin\` header naming the site. Signed in, the answer is a
   redirect to /back-office with the session cookie; refused, a redirect to /login?notice=… saying why.
3. Call any \`GET /api/back-office/…\` endpoint with the cookies. A change (any other method) also sends
   the token in the \`x-form-token\` header and the site's \`Origin\`.

For example, with curl:

\`\`\`sh
jar=$(mktemp)
token=$(curl -s -c "$jar" ${origin}/api/form-token | sed 's/.*"token":"\\([^"]*\\)".*/\\1/')
p=$(printf %s "$PASSWORD" | sha512sum | cut -d' ' -f1)
curl -s -b "$jar" -c "$jar" -H 'Origin: ${origin}' \\
  --data-urlencode emailAddress=leads-export@your-firm.example --data-urlencode p="$p" \\
  --data-urlencode formToken="$token" ${origin}/login
curl -s -b "$jar" '${origin}/api/back-office/contact-enquiries.csv' > enquiries.csv
\`\`\`

Every JSON answer that is not a list or a record has the site's one shape,
\`{"success": true|false, "infoMessages": [...], "errorMessages": [...]}\`, with one message per problem in
words a visitor can act on. Besides the answers listed under each endpoint, any endpoint may answer 400
(a request that cannot be read), 408 (a request too slow to arrive), 413 (too large), 415 (neither JSON
nor a form post), 429 (too many requests from one address), 431 (a web address or headers too long) or
503 (the database is unavailable: nothing was stored; try again), in that same shape. A 500 or 503 also
carries \`"requestId"\`, the request's id in the site's log (every answer names it in \`X-Request-Id\`):
quote it when reporting the failure.

## Handing clients won to practice software

Xero Practice Manager, Karbon, TaxCalc and the like can take each client won (an accepted proposal) in
two ways, both with the same JSON shape: the client, whether they are onboarded (client due diligence
complete), the services taken with their frequency, each fee and its VAT as \`{"pence": 11500, "pounds":
"115.00"}\`, the totals for each frequency, and when they accepted.

- **Pulled**, signed in as above: \`GET /api/back-office/clients-won\` pages them as the lists of leads do
  (25 a page, \`next\` passed back as \`after\`, the same filters), and \`GET /api/back-office/clients-won.csv\`
  gives every one as CSV, a line per service with the client and their totals on each, quoted and guarded
  against spreadsheet formulas as the lists of leads are.
- **Pushed**: an owner sets a webhook address (https) and makes its signing secret on the back office's
  Webhook screen. When a proposal is accepted the site POSTs the JSON, with \`"event": "proposal.accepted"\`,
  to that address, and tries again 30 seconds later, doubling to six hours, ten tries in all, until it
  answers 2xx. The same \`X-Practice-Site-Delivery\` id comes with every try of one delivery: ignore a
  repeat. Each try is signed in \`X-Practice-Site-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
  "<t>.<body>">\` under the secret. Check it against the raw body, before parsing it:

\`\`\`js
import { createHmac, timingSafeEqual } from 'node:crypto';

function signedByTheSite(secret, header, rawBody, toleranceSeconds = 300) {
  const { t, v1 = '' } = Object.fromEntries(header.split(',').map((part) => part.split('=')));
  const expected = createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest();
  const given = Buffer.from(v1, 'hex');
  const fresh = Math.abs(Date.now() / 1000 - Number(t)) <= toleranceSeconds;
  return fresh && given.length === expected.length && timingSafeEqual(given, expected);
}
\`\`\`
`;

function typeOf(schema: JsonSchema | undefined): string {
  if (!schema) return '';
  if (schema.const !== undefined) return `\`${JSON.stringify(schema.const)}\``;
  if (schema.enum) return schema.enum.map((value) => `\`${JSON.stringify(value)}\``).join(' or ');
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map(typeOf).join(' or ');
  if (schema.type === 'array') return `array of ${typeOf(schema.items) || 'values'}`;
  const type = [schema.type ?? 'any'].flat().join(' or ');
  return schema.format ? `${type} (${schema.format})` : type;
}

function rulesOf(schema: JsonSchema): string {
  const rules: string[] = [];
  if (schema.minLength !== undefined && schema.maxLength !== undefined) {
    rules.push(`${schema.minLength}–${schema.maxLength} characters`);
  } else if (schema.maxLength !== undefined) rules.push(`at most ${schema.maxLength} characters`);
  else if (schema.minLength) rules.push(`at least ${schema.minLength} characters`);
  if (schema.minimum !== undefined) rules.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined) rules.push(`≤ ${schema.maximum}`);
  // A format says it in a word; its pattern would only repeat it, less readably.
  if (schema.pattern && !schema.format) rules.push(`matches \`${schema.pattern}\``);
  if (schema.default !== undefined) rules.push(`default \`${JSON.stringify(schema.default)}\``);
  if (schema.description) rules.push(schema.description);
  return rules.join('; ');
}

const cell = (text: string) => text.replaceAll('\n', ' ').replaceAll('|', '\\|');

function fieldTable(schema: JsonSchema): string[] {
  const properties = Object.entries(schema.properties ?? {});
  if (properties.length === 0) return [`A ${typeOf(schema)}.`, ''];
  const required = new Set(schema.required ?? []);
  return [
    '| field | type | required | rules |',
    '| --- | --- | --- | --- |',
    ...properties.map(
      ([name, field]) =>
        `| \`${name}\` | ${cell(typeOf(field))} | ${required.has(name) ? 'yes' : 'no'} | ${cell(rulesOf(field))} |`,
    ),
    '',
  ];
}

function operationSection(method: string, path: string, operation: Operation): string[] {
  const lines = [
    `### ${method.toUpperCase()} ${path}`,
    '',
    `${operation.summary ?? ''}.`.replace(/\.\.$/, '.'),
    '',
  ];
  if (operation.description) lines.push(operation.description, '');
  const schemes = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
  lines.push(
    schemes.length ? `Needs: ${schemes.map((name) => `\`${name}\``).join(' and ')}.` : 'Open to anyone.',
    '',
  );
  const parameters = operation.parameters ?? [];
  if (parameters.length) {
    lines.push('| parameter | in | type | required | rules |', '| --- | --- | --- | --- | --- |');
    for (const parameter of parameters) {
      const schema = parameter.schema ?? {};
      lines.push(
        `| \`${parameter.name}\` | ${parameter.in} | ${cell(typeOf(schema))} | ${parameter.required ? 'yes' : 'no'} | ${cell(rulesOf({ ...schema, description: parameter.description ?? schema.description }))} |`,
      );
    }
    lines.push('');
  }
  const body = operation.requestBody?.content;
  if (body) {
    const [, content] = Object.entries(body)[0] ?? [];
    lines.push(`Body (${Object.keys(body).join(' or ')}):`, '', ...fieldTable(content?.schema ?? {}));
  }
  lines.push('| answer | means |', '| --- | --- |');
  for (const [status, answer] of Object.entries(operation.responses)) {
    const types = Object.keys(answer.content ?? {});
    const kind = types.length ? ` (${types.join(', ')})` : '';
    lines.push(`| ${status}${kind} | ${cell(answer.description ?? '')} |`);
  }
  lines.push('');
  return lines;
}

/** The whole of docs/api.md. */
export function apiMarkdown(document: OpenApiDocument, origin: string): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const tag = operation.tags?.[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), ...operationSection(method, path, operation)]);
    }
  }
  const schemes = Object.entries(document.components?.securitySchemes ?? {}).map(
    ([name, scheme]) => `- \`${name}\`: ${scheme.description ?? ''}`,
  );
  return [
    `# ${document.info.title}`,
    '',
    '<!-- Written by `npm run docs:api` from the OpenAPI document; edit src/shared/api/ instead. -->',
    introduction(origin),
    '## Credentials',
    '',
    ...schemes,
    '',
    ...[...byTag].flatMap(([tag, sections]) => [`## ${tag}`, '', ...sections]),
  ]
    .join('\n')
    .replace(/\n{3,}/g, '\n\n');
}
