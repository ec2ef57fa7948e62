import { IllegalTransition, NotFound } from '@platform/domain-kit';
import type { Command, Decider, Event } from '@platform/domain-kit';
import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { rowProjection } from '../src';

/** A tiny aggregate for the store's tests: a ticket that can be opened once and used once. */
export type TicketEvent =
  Event<'TicketOpened', { price: number }> | Event<'TicketUsed', { at: number }>;
export type TicketCommand =
  Command<'OpenTicket', { price: number }> | Command<'UseTicket', Record<string, never>>;
type Ticket = { status: 'none' } | { status: 'open'; price: number } | { status: 'used' };

export const ticketDecider: Decider<Ticket, TicketCommand, TicketEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: (_state, event) => {
    switch (event.type) {
      case 'TicketOpened':
        return { status: 'open', price: event.data.price };
      case 'TicketUsed':
        return { status: 'used' };
    }
  },
  decide: (command, state) => {
    if (command.type === 'OpenTicket') {
      if (state.status !== 'none') throw new IllegalTransition('ticket already exists');
      return { type: 'TicketOpened', data: { price: command.data.price } };
    }
    if (state.status === 'none') throw new NotFound();
    if (state.status === 'used') throw new IllegalTransition('ticket already used');
    return { type: 'TicketUsed', data: { at: command.metadata.now } };
  },
};

@Entity('ticket_summaries')
export class TicketSummary {
  @PrimaryColumn('text') id!: string;
  @Column('integer') version!: number;
  @Column('integer') price!: number;
  @Column('text') status!: string;
}

export const ticketSummaries = rowProjection<TicketSummary>({
  name: 'ticket-summaries',
  entity: TicketSummary,
  canHandle: ['TicketOpened', 'TicketUsed'],
  evolve: (row, event) => {
    if (event.type === 'TicketOpened')
      return {
        id: event.streamId,
        version: event.version,
        price: (event.data as { price: number }).price,
        status: 'open',
      };
    return row && { ...row, status: 'used' };
  },
});

export class TicketSummaries1763800000001 implements MigrationInterface {
  name = 'TicketSummaries1763800000001';
  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      'CREATE TABLE ticket_summaries (id text PRIMARY KEY, version integer NOT NULL, price integer NOT NULL, status text NOT NULL)',
    );
    // Lets a test make one projection write fail.
    await runner.query(
      'CREATE UNIQUE INDEX ticket_summaries_one_at_13 ON ticket_summaries (price) WHERE price = 13',
    );
  }
  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE ticket_summaries');
  }
}
