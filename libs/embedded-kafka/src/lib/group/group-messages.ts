import type { ErrorCode } from '../protocol/error-codes';

export interface Protocol {
  name: string;
  metadata: Buffer;
}

export interface MemberSettings {
  groupInstanceId: string | null;
  clientId: string;
  clientHost: string;
  sessionTimeoutMs: number;
  rebalanceTimeoutMs: number;
  protocolType: string;
  protocols: Protocol[];
}

export interface JoinRequest extends MemberSettings {
  memberId: string;
  /** JoinGroup v4+: a new member first gets its id with MEMBER_ID_REQUIRED, then joins with it. */
  requiresKnownMemberId: boolean;
}

export interface JoinedMember {
  memberId: string;
  groupInstanceId: string | null;
  metadata: Buffer;
}

export interface JoinResult {
  error: ErrorCode;
  generationId: number;
  protocolName: string | null;
  leader: string;
  memberId: string;
  members: JoinedMember[];
}

export interface SyncRequest {
  generationId: number;
  memberId: string;
  assignments: { memberId: string; assignment: Buffer }[];
}

export interface SyncResult {
  error: ErrorCode;
  assignment: Buffer;
}

export interface MemberDescription {
  memberId: string;
  clientId: string;
  clientHost: string;
  metadata: Buffer;
  assignment: Buffer;
}

export interface GroupDescription {
  state: string;
  protocolType: string;
  protocolName: string;
  members: MemberDescription[];
}
