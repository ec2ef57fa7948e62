import { Injectable } from '@nestjs/common';
import type { CustomerEntity } from '@platform/contracts';
import { AlreadyExists, newId, ValidationFailed } from '@platform/domain-kit';
import { CommandHandler, Database, orNotFound } from '@platform/event-store';
import { normalizeNotes } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { Clock } from '@platform/service-kit';
import { customerDetailsProjection } from './customer-details/customer-details.projection';
import { findCustomerByIdentity } from './customer-details/customer-details.query';
import type { CustomerCommand } from './customer.commands';
import type { CustomerDetails } from './customer.events';
import { isCustomerIdentityConflict } from './find-or-create-customer';
import { onCustomer } from './customer.stream';
import type { CreateCustomerDto } from './dtos/create-customer.dto';
import type { EditCustomerDto } from './dtos/edit-customer.dto';
import { toCustomerEntity } from './dtos/customer.response';

const ALREADY_EXISTS = 'Customer already exists for the merchant';

/** The customer use cases: the edge's input becomes a command for the customer decider. */
@Injectable()
export class CustomerService {
  constructor(
    private readonly handler: CommandHandler,
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  /**
   * One customer per email and contact, kept by a unique index: the create is tried, and only when
   * the index refuses it is the existing customer looked up (returned with fail_existing "0",
   * otherwise an error). Concurrent creates of one customer therefore cannot both succeed.
   */
  async create(caller: RequestContext, dto: CreateCustomerDto): Promise<CustomerEntity> {
    const details = toDetails(dto);
    const customerId = newId('cust');
    try {
      return await this.run(
        customerId,
        {
          type: 'CreateCustomer',
          data: { customerId, details },
          metadata: this.clock.metadata(caller),
        },
        true,
      );
    } catch (error) {
      if (!isCustomerIdentityConflict(error)) throw error;
      const existing =
        dto.fail_existing === false
          ? await findCustomerByIdentity(this.database, caller, details)
          : null;
      if (existing) return toCustomerEntity(existing);
      throw new AlreadyExists(ALREADY_EXISTS);
    }
  }

  async edit(
    caller: RequestContext,
    customerId: string,
    dto: EditCustomerDto,
  ): Promise<CustomerEntity> {
    // Only the fields the request sent (the DTO also carries the others, as undefined).
    const changes = Object.fromEntries(
      Object.entries(dto).filter(([, value]) => value !== undefined),
    ) as Partial<CustomerDetails>;
    if (dto.notes !== undefined) changes.notes = normalizeNotes(dto.notes);
    try {
      return await this.run(
        customerId,
        {
          type: 'EditCustomer',
          data: { customerId, changes },
          metadata: this.clock.metadata(caller),
        },
        false,
      );
    } catch (error) {
      if (isCustomerIdentityConflict(error)) throw new AlreadyExists(ALREADY_EXISTS);
      throw error;
    }
  }

  private async run(
    streamId: string,
    command: CustomerCommand,
    isNew: boolean,
  ): Promise<CustomerEntity> {
    const { stream } = await this.handler.handle(onCustomer(streamId, command, isNew));
    const details = orNotFound(customerDetailsProjection.view(stream));
    return toCustomerEntity(details);
  }
}

function toDetails(dto: CreateCustomerDto): CustomerDetails {
  if (dto.name === undefined && dto.email === undefined && dto.contact === undefined) {
    throw new ValidationFailed('At least one of name, email or contact is required.', 'name');
  }
  return {
    name: dto.name ?? null,
    email: dto.email ?? null,
    contact: dto.contact ?? null,
    gstin: dto.gstin ?? null,
    notes: normalizeNotes(dto.notes),
  };
}
