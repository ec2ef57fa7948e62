/** jest globalTeardown: stops (and removes) the containers of containers.global-setup. */
import type { StartedTestContainer } from 'testcontainers';

export default async function stopContainers(): Promise<void> {
  const started =
    (globalThis as { __TEST_CONTAINERS__?: StartedTestContainer[] }).__TEST_CONTAINERS__ ?? [];
  await Promise.all(started.map((container) => container.stop()));
}
