import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OffsetStore } from './offset-store';

describe('OffsetStore', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'offsets-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps the latest commit per partition across a restart, negative offsets included', () => {
    const store = OffsetStore.open(dir);
    store.commit('g', [{ topic: 't', partition: 0, offset: 5, metadata: null }]);
    store.commit('g', [
      { topic: 't', partition: 0, offset: 9, metadata: 'm' },
      { topic: 't', partition: 1, offset: -2, metadata: '' },
    ]);
    store.close();
    const reopened = OffsetStore.open(dir);
    expect(reopened.fetch('g', 't', 0)).toEqual({ offset: 9, metadata: 'm' });
    expect(reopened.fetch('g', 't', 1)).toEqual({ offset: -2, metadata: '' });
    reopened.close();
  });

  it('compacts its journal at start to one line per partition', () => {
    const store = OffsetStore.open(dir);
    for (let offset = 1; offset <= 50; offset++)
      store.commit('g', [{ topic: 't', partition: 0, offset, metadata: null }]);
    store.close();
    OffsetStore.open(dir).close();
    expect(readFileSync(join(dir, 'offsets.jsonl'), 'utf8').trim().split('\n')).toHaveLength(1);
  });

  it('forgets deleted groups and the offsets of deleted topics, also after a restart', () => {
    const store = OffsetStore.open(dir);
    store.commit('g1', [{ topic: 'a', partition: 0, offset: 1, metadata: null }]);
    store.commit('g2', [
      { topic: 'a', partition: 0, offset: 2, metadata: null },
      { topic: 'b', partition: 0, offset: 3, metadata: null },
    ]);
    store.deleteGroup('g1');
    store.deleteTopic('a');
    store.close();
    const reopened = OffsetStore.open(dir);
    expect(reopened.groupIds()).toEqual(['g2']);
    expect(reopened.allOf('g2')).toEqual([{ topic: 'b', partition: 0, offset: 3, metadata: null }]);
    reopened.close();
  });

  it('ignores a line torn by a crash mid-write', () => {
    const store = OffsetStore.open(dir);
    store.commit('g', [{ topic: 't', partition: 0, offset: 4, metadata: null }]);
    store.close();
    appendFileSync(join(dir, 'offsets.jsonl'), '{"group":"g","topic":"t","parti');
    const reopened = OffsetStore.open(dir);
    expect(reopened.fetch('g', 't', 0)?.offset).toBe(4);
    reopened.close();
  });
});
