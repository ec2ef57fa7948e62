/** Ctrl-C for the launcher: it stops the services, the broker and PostgreSQL, then the data goes. */
export default async function stopPlatform(): Promise<void> {
  const platform = (
    globalThis as {
      __PLATFORM__?: { launcher: { stop(): Promise<void> }; collector?: { close(): void } };
    }
  ).__PLATFORM__;
  if (!platform) return;
  await platform.launcher.stop();
  platform.collector?.close();
}
