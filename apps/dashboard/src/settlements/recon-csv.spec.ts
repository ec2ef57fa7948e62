import type { ReconRow } from '../api/entities';
import { reconCsv } from './recon-csv';

const ROW: ReconRow = {
  entity_id: 'pay_1Aa00000000001',
  type: 'payment',
  debit: 0,
  credit: 48820,
  amount: 50000,
  currency: 'INR',
  fee: 1180,
  tax: 180,
  on_hold: false,
  settled: true,
  created_at: 1764000000,
  settled_at: 1764172800,
  settlement_id: 'setl_1Aa00000000001',
  settlement_utr: 'UTR123',
  payment_id: null,
  order_id: 'order_1Aa00000000001',
  method: 'card',
  description: 'Order #12, "blue" shirt',
};

describe('reconCsv', () => {
  it('writes a header and one line per row, amounts in paise and empty cells for null', () => {
    const [header, line, end] = reconCsv([ROW]).split('\r\n');
    expect(header).toBe(
      'entity_id,type,debit,credit,amount,currency,fee,tax,on_hold,settled,created_at,settled_at,settlement_id,settlement_utr,payment_id,order_id,method,description',
    );
    expect(line).toBe(
      'pay_1Aa00000000001,payment,0,48820,50000,INR,1180,180,false,true,1764000000,1764172800,setl_1Aa00000000001,UTR123,,order_1Aa00000000001,card,"Order #12, ""blue"" shirt"',
    );
    expect(end).toBe('');
  });

  it('keeps a text a spreadsheet would run as a formula as text', () => {
    const line = reconCsv([{ ...ROW, description: '=HYPERLINK("x")' }]).split('\r\n')[1];
    expect(line.endsWith(`"'=HYPERLINK(""x"")"`)).toBe(true);
  });

  it.each([
    ['a tab', '\t=1+1'],
    ['a carriage return', '\r=1+1'],
    ['plus', '+91 98765 43210'],
    ['minus', '-2+3'],
    ['at', '@SUM(A1)'],
  ])('keeps a text that starts with %s as text', (_name, description) => {
    const csv = reconCsv([{ ...ROW, description }]);
    const cell = csv.slice(csv.indexOf(',card,') + ',card,'.length, -2);
    expect(cell.replace(/^"|"$/g, '').startsWith(`'${description}`)).toBe(true);
  });

  it('is only the header for no rows', () => {
    expect(reconCsv([]).split('\r\n')).toHaveLength(2);
  });
});
