/** jest globalTeardown: stops the cluster started by postgres.global-setup (its data is deleted). */
export default async function stopPostgres(): Promise<void> {
  const server = (globalThis as { __EMBEDDED_POSTGRES__?: { stop(): Promise<void> } })
    .__EMBEDDED_POSTGRES__;
  await server?.stop();
}
