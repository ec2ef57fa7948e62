import { createTestDatabase, waitFor } from '@platform/testing-core';
import type { TestDatabase } from '@platform/testing-core';
import { Client } from 'pg';
import { NotificationListener } from '../src';

describe('NotificationListener', () => {
  let database: TestDatabase;
  let admin: Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = new Client({ connectionString: database.url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await database.drop();
  });

  const listenerOf = (heard: string[], lost: Error[] = []) =>
    new NotificationListener({
      databaseUrl: database.url,
      channel: 'things_changed',
      onNotification: (payload) => heard.push(payload),
      onLost: (error) => lost.push(error),
    });

  it('hears notifications, says when its connection is lost, and listens again by itself', async () => {
    const heard: string[] = [];
    const lost: Error[] = [];
    const listener = listenerOf(heard, lost);
    await listener.start();
    await admin.query("SELECT pg_notify('things_changed', 'a')");
    await waitFor(() => heard.includes('a'), 'the first notification');

    await admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN things_changed'",
    );
    await waitFor(
      () => lost.length === 1 && listener.listening,
      'the listener to notice and listen again',
      5000,
    );
    await admin.query("SELECT pg_notify('things_changed', 'b')");
    await waitFor(() => heard.includes('b'), 'a notification after the reconnect');
    await listener.close();
    expect(listener.listening).toBe(false);
  });

  it('closes at once, even when close() comes while it is still connecting', async () => {
    const listener = listenerOf([]);
    void listener.start();
    const closing = Date.now();
    await listener.close();
    expect(Date.now() - closing).toBeLessThan(2000);
    const { rows } = await admin.query(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN things_changed'",
    );
    expect(rows).toEqual([{ n: 0 }]);
  });
});
