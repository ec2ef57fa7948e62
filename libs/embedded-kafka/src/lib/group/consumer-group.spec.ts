import { ErrorCode } from '../protocol/error-codes';
import { ConsumerGroup } from './consumer-group';
import type { JoinRequest, JoinResult, SyncResult } from './group-messages';

const SESSION_MS = 10_000;
const REBALANCE_MS = 30_000;

interface Pending<T> {
  result: T | undefined;
}

function newGroup(initialRebalanceDelayMs = 0): ConsumerGroup {
  return new ConsumerGroup('g', { initialRebalanceDelayMs, log: () => undefined });
}

function joinRequest(memberId: string, overrides: Partial<JoinRequest> = {}): JoinRequest {
  return {
    memberId,
    groupInstanceId: null,
    clientId: 'client',
    clientHost: '/127.0.0.1',
    sessionTimeoutMs: SESSION_MS,
    rebalanceTimeoutMs: REBALANCE_MS,
    protocolType: 'consumer',
    protocols: [{ name: 'RoundRobinAssigner', metadata: Buffer.from('m') }],
    requiresKnownMemberId: false,
    ...overrides,
  };
}

function join(
  group: ConsumerGroup,
  request: JoinRequest,
  signal = new AbortController().signal,
): Pending<JoinResult> {
  const pending: Pending<JoinResult> = { result: undefined };
  group.join(request, (result) => (pending.result = result), signal);
  return pending;
}

function sync(
  group: ConsumerGroup,
  memberId: string,
  generationId: number,
  assignments: Record<string, string> = {},
): Pending<SyncResult> {
  const pending: Pending<SyncResult> = { result: undefined };
  const list = Object.entries(assignments).map(([id, text]) => ({
    memberId: id,
    assignment: Buffer.from(text),
  }));
  group.sync(
    { memberId, generationId, assignments: list },
    (result) => (pending.result = result),
    new AbortController().signal,
  );
  return pending;
}

/** One member that joined and synced alone: generation 1, Stable. */
function stableGroupWithOneMember(): { group: ConsumerGroup; first: string } {
  const group = newGroup();
  const first = join(group, joinRequest('')).result!.memberId;
  sync(group, first, 1, { [first]: 'all' });
  return { group, first };
}

describe('ConsumerGroup', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  describe('when empty', () => {
    it('makes the first member leader of generation 1 and shows it the member list', () => {
      const group = newGroup();
      const { result } = join(group, joinRequest(''));
      expect(result).toMatchObject({
        error: ErrorCode.NONE,
        generationId: 1,
        protocolName: 'RoundRobinAssigner',
      });
      expect(result!.leader).toBe(result!.memberId);
      expect(result!.members.map((m) => m.memberId)).toEqual([result!.memberId]);
      expect(group.state).toBe('CompletingRebalance');
    });

    it('hands out a member id first with MEMBER_ID_REQUIRED on JoinGroup v4+, then accepts that id', () => {
      const group = newGroup();
      const first = join(group, joinRequest('', { requiresKnownMemberId: true })).result!;
      expect(first.error).toBe(ErrorCode.MEMBER_ID_REQUIRED);
      expect(first.memberId).toMatch(/^client-/);
      expect(
        join(group, joinRequest(first.memberId, { requiresKnownMemberId: true })).result,
      ).toMatchObject({ error: ErrorCode.NONE, generationId: 1 });
    });

    it('refuses a member id it never handed out', () => {
      expect(join(newGroup(), joinRequest('made-up')).result?.error).toBe(
        ErrorCode.UNKNOWN_MEMBER_ID,
      );
    });

    it('accepts commits with generation -1 from clients outside any group', () => {
      expect(newGroup().checkCommit('', -1)).toBe(ErrorCode.NONE);
    });

    it('lets members that start together land in one generation with an initial delay', () => {
      const group = newGroup(3000);
      const a = join(group, joinRequest(''));
      jest.advanceTimersByTime(1000);
      const b = join(group, joinRequest(''));
      jest.advanceTimersByTime(2999);
      expect(a.result).toBeUndefined();
      jest.advanceTimersByTime(3001);
      expect([a.result?.generationId, b.result?.generationId]).toEqual([1, 1]);
    });
  });

  describe('when completing a rebalance', () => {
    it('parks the follower sync until the leader hands out assignments', () => {
      const group = newGroup();
      const a = join(group, joinRequest(''));
      const leader = a.result!.memberId;
      sync(group, leader, 1, { [leader]: 'x' });
      const b = join(group, joinRequest(''));
      expect(group.heartbeat(leader, 1)).toBe(ErrorCode.REBALANCE_IN_PROGRESS);
      join(group, joinRequest(leader));
      const follower = b.result!.memberId;
      const followerSync = sync(group, follower, 2);
      expect(followerSync.result).toBeUndefined();
      sync(group, leader, 2, { [leader]: 'p0', [follower]: 'p1' });
      expect(followerSync.result).toEqual({ error: ErrorCode.NONE, assignment: Buffer.from('p1') });
      expect(group.state).toBe('Stable');
    });

    it('gives a member the leader did not assign zero bytes, never null', () => {
      const group = newGroup();
      const leader = join(group, joinRequest('')).result!.memberId;
      expect(sync(group, leader, 1, {}).result).toEqual({
        error: ErrorCode.NONE,
        assignment: Buffer.alloc(0),
      });
    });

    it('refuses commits until the generation is synced', () => {
      const group = newGroup();
      const leader = join(group, joinRequest('')).result!.memberId;
      expect(group.checkCommit(leader, 1)).toBe(ErrorCode.REBALANCE_IN_PROGRESS);
    });
  });

  describe('when stable', () => {
    it('fences requests from an older generation', () => {
      const { group, first } = stableGroupWithOneMember();
      expect(group.heartbeat(first, 0)).toBe(ErrorCode.ILLEGAL_GENERATION);
      expect(group.checkCommit(first, 0)).toBe(ErrorCode.ILLEGAL_GENERATION);
      expect(sync(group, first, 0).result?.error).toBe(ErrorCode.ILLEGAL_GENERATION);
    });

    it('refuses heartbeats and commits from unknown members', () => {
      const { group } = stableGroupWithOneMember();
      expect(group.heartbeat('stranger', 1)).toBe(ErrorCode.UNKNOWN_MEMBER_ID);
      expect(group.checkCommit('stranger', 1)).toBe(ErrorCode.UNKNOWN_MEMBER_ID);
    });

    it('answers a follower re-joining with unchanged protocols without a rebalance', () => {
      const group = newGroup();
      const a = join(group, joinRequest(''));
      const b = join(group, joinRequest('')); // joins while generation 1 completes
      const leader = a.result!.memberId;
      join(group, joinRequest(leader));
      const follower = b.result!.memberId;
      sync(group, leader, 2, { [leader]: 'x', [follower]: 'y' });
      expect(join(group, joinRequest(follower)).result).toMatchObject({
        error: ErrorCode.NONE,
        generationId: 2,
        members: [],
      });
      expect(group.state).toBe('Stable');
    });

    it('starts a new generation without a member that left', () => {
      const group = newGroup();
      const a = join(group, joinRequest(''));
      const b = join(group, joinRequest(''));
      const leader = a.result!.memberId;
      join(group, joinRequest(leader));
      sync(group, leader, 2, {});
      expect(group.leave(b.result!.memberId)).toBe(ErrorCode.NONE);
      expect(group.heartbeat(leader, 2)).toBe(ErrorCode.REBALANCE_IN_PROGRESS);
      expect(join(group, joinRequest(leader)).result).toMatchObject({
        generationId: 3,
        members: [{ memberId: leader }],
      });
    });

    it('becomes empty when the last member leaves', () => {
      const { group, first } = stableGroupWithOneMember();
      group.leave(first);
      expect(group.state).toBe('Empty');
      expect(group.isEmpty).toBe(true);
    });

    it('expires a member that stops sending heartbeats and rebalances the others', () => {
      const group = newGroup();
      const a = join(group, joinRequest(''));
      const b = join(group, joinRequest('', { sessionTimeoutMs: 6000 }));
      const leader = a.result!.memberId;
      join(group, joinRequest(leader));
      sync(group, leader, 2, {});
      for (let elapsed = 0; elapsed < 7000; elapsed += 1000) {
        jest.advanceTimersByTime(1000);
        group.heartbeat(leader, 2);
      }
      expect(group.members.has(b.result!.memberId)).toBe(false);
      expect(group.heartbeat(leader, 2)).toBe(ErrorCode.REBALANCE_IN_PROGRESS);
    });

    it('drops a member that does not re-join within the rebalance timeout', () => {
      const { group, first } = stableGroupWithOneMember();
      const b = join(group, joinRequest(''));
      // `first` keeps heartbeating but never re-joins
      for (let elapsed = 0; elapsed < REBALANCE_MS; elapsed += 5000) {
        jest.advanceTimersByTime(5000);
        group.heartbeat(first, 1);
      }
      expect(b.result).toMatchObject({ error: ErrorCode.NONE, generationId: 2 });
      expect(group.members.has(first)).toBe(false);
    });

    it('refuses a member whose protocols have nothing in common with the group', () => {
      const { group } = stableGroupWithOneMember();
      const other = joinRequest('', {
        protocols: [{ name: 'OtherAssigner', metadata: Buffer.alloc(0) }],
      });
      expect(join(group, other).result?.error).toBe(ErrorCode.INCONSISTENT_GROUP_PROTOCOL);
    });
  });

  describe('when a waiting member disconnects', () => {
    it('forgets its parked join and forms the generation once its session expires', () => {
      const { group, first } = stableGroupWithOneMember();
      const connection = new AbortController();
      const b = join(group, joinRequest(''), connection.signal);
      connection.abort();
      const rejoin = join(group, joinRequest(first));
      jest.advanceTimersByTime(SESSION_MS - 1);
      expect(rejoin.result).toBeUndefined();
      jest.advanceTimersByTime(1);
      expect(b.result).toBeUndefined();
      expect(rejoin.result).toMatchObject({
        error: ErrorCode.NONE,
        generationId: 2,
        members: [{ memberId: first }],
      });
    });
  });
});
