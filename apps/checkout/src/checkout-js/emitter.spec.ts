import { Emitter } from './emitter';

describe("the instance's events", () => {
  const owner = { name: 'rzp' };

  it('on: every listener of the event, called with the instance as this', () => {
    const events = new Emitter(owner);
    const seen: unknown[] = [];
    expect(
      events.on('payment.failed', function (this: unknown, payload) {
        seen.push([this, payload]);
      }),
    ).toBe(owner);
    events.on('payment.failed', (payload) => seen.push(payload));
    events.emit('payment.failed', { error: 1 });
    events.emit('payment.error', { error: 2 });
    expect(seen).toEqual([[owner, { error: 1 }], { error: 1 }]);
  });

  it('once: the first time only', () => {
    const events = new Emitter(owner);
    const seen: unknown[] = [];
    events.once('payment.failed', (payload) => seen.push(payload));
    events.emit('payment.failed', 1);
    events.emit('payment.failed', 2);
    expect(seen).toEqual([1]);
  });

  it('off: one listener, one event, a namespace, or all', () => {
    const events = new Emitter(owner);
    const seen: string[] = [];
    const failed = () => seen.push('failed');
    events.on('payment.failed', failed);
    events.on('payment.error', () => seen.push('error'));
    events.on('render', () => seen.push('render'));
    events.off('payment.failed', failed);
    events.emit('payment.failed', null);
    events.off('payment');
    events.emit('payment.error', null);
    events.emit('render', null);
    events.off();
    events.emit('render', null);
    expect(seen).toEqual(['render']);
  });

  it('a throwing listener is reported, and the others still run', () => {
    const events = new Emitter(owner);
    const report = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const seen: string[] = [];
    events.on('payment.failed', () => {
      throw new Error('merchant bug');
    });
    events.on('payment.failed', () => seen.push('second'));
    events.emit('payment.failed', null);
    expect(seen).toEqual(['second']);
    expect(report).toHaveBeenCalledWith(new Error('merchant bug'));
    report.mockRestore();
  });

  it('ignores what is not an event name and a function', () => {
    const events = new Emitter(owner);
    events.on('payment.failed', 'not a function' as unknown as () => void);
    expect(() => events.emit('payment.failed', null)).not.toThrow();
  });
});
