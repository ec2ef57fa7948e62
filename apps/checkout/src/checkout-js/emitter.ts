type Listener = (payload: unknown) => void;

/**
 * The instance's events (`payment.failed`, `payment.error`), Razorpay's way: `on` and `once` take a
 * name and a function and return the instance; `off()` removes all, `off(name)` that event's (or a
 * namespace's, `off('payment')`), `off(name, fn)` one; a throwing listener is reported, not thrown.
 */
export class Emitter<Owner> {
  private readonly listeners = new Map<string, Listener[]>();

  constructor(private readonly owner: Owner) {}

  on(event: string, listener: Listener): Owner {
    if (typeof event === 'string' && typeof listener === 'function')
      this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this.owner;
  }

  once(event: string, listener: Listener): Owner {
    const once: Listener = (payload) => {
      this.off(event, once);
      listener.call(this.owner, payload);
    };
    return this.on(event, once);
  }

  off(event?: string, listener?: Listener): Owner {
    if (event === undefined) this.listeners.clear();
    else if (listener === undefined) {
      for (const name of [...this.listeners.keys()])
        if (name === event || name.startsWith(`${event}.`)) this.listeners.delete(name);
    } else
      this.listeners.set(
        event,
        (this.listeners.get(event) ?? []).filter((l) => l !== listener),
      );
    return this.owner;
  }

  emit(event: string, payload: unknown): void {
    for (const listener of this.listeners.get(event) ?? []) {
      try {
        listener.call(this.owner, payload);
      } catch (error) {
        console.error(error);
      }
    }
  }
}
