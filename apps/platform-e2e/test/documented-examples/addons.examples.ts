import { ADDON, COLLECTION } from './entity-fields';
import type { DocumentedExample } from './example';

export const ADDON_EXAMPLES: DocumentedExample[] = [
  {
    source: 'razorpay-node documents/addon.md#create-an-addon',
    call: { resource: 'subscriptions', method: 'createAddon' },
    request: [
      '$subscription.id',
      {
        item: {
          name: 'Extra appala (papadum)',
          amount: 30000,
          currency: 'INR',
          description: '1 extra oil fried appala with meals',
        },
        quantity: 2,
      },
    ],
    expect: { status: 200, fields: ADDON },
  },
  {
    source: 'razorpay-node documents/addon.md#fetch-all-addons',
    call: { resource: 'addons', method: 'all' },
    request: [{}],
    given: ['addon'],
    expect: { status: 200, fields: COLLECTION, items: ADDON },
  },
  {
    source: 'razorpay-node documents/addon.md#fetch-an-addon',
    call: { resource: 'addons', method: 'fetch' },
    request: ['$addon.id'],
    expect: { status: 200, fields: ADDON },
  },
  {
    source: 'razorpay-node documents/addon.md#delete-an-addon',
    call: { resource: 'addons', method: 'delete' },
    request: ['$addon.id'],
    expect: { status: 200, fields: {}, emptyArray: true },
  },
];
