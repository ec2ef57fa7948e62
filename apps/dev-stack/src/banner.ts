import type { PlatformCoordinates } from '@platform/platform-launcher';

/** How to call the platform, printed once everything is ready. */
export function banner(facts: PlatformCoordinates): string {
  const { account } = facts;
  const baseUrl = `http://localhost:${facts.port}`;
  return [
    '',
    `The payments platform is running.${facts.accountCreated ? ' A development account was created.' : ''}`,
    '',
    `  API base URL      ${baseUrl}/v1`,
    `  Dashboard         ${baseUrl}/dashboard     (sign in with a key pair below)`,
    `  API docs          ${baseUrl}/docs`,
    `  Event docs        ${baseUrl}/docs/events     (AsyncAPI: ${baseUrl}/docs/asyncapi.json)`,
    `  Admin token       ${facts.adminToken}     (Authorization: Bearer …, for ${baseUrl}/admin/v1)`,
    `  Account           ${account.accountId}`,
    `  Test key pair     ${account.test.id} : ${account.test.secret}`,
    `  Live key pair     ${account.live.id} : ${account.live.secret}`,
    `  Kafka bootstrap   ${facts.kafkaBrokers}     (topics such as billing.customer)`,
    `  Metrics           ${Object.entries(facts.metricsPorts)
      .map(([service, port]) => `${service} :${port}`)
      .join(', ')}     (GET /metrics, Prometheus)`,
    `  Data directory    ${facts.dataDir}`,
    '',
    '  Try it:',
    `    curl -u ${account.test.id}:${account.test.secret} -X POST ${baseUrl}/v1/customers \\`,
    `      -H 'Content-Type: application/json' -d '{"name":"Gaurav Kumar","email":"gaurav.kumar@example.com","contact":"+919000090000"}'`,
    `    curl -u ${account.test.id}:${account.test.secret} ${baseUrl}/v1/customers`,
    '',
    '  Press Ctrl-C to stop everything.',
    '',
  ].join('\n');
}
