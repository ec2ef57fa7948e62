import { NotifyThrottle } from './notify-throttle';

describe('NotifyThrottle', () => {
  it('lets the first write notify, then at most one per interval', () => {
    const throttle = new NotifyThrottle(10);
    expect(throttle.due(1000)).toBe(true);
    expect(throttle.due(1000)).toBe(false);
    expect(throttle.due(1009.9)).toBe(false);
    expect(throttle.due(1010)).toBe(true);
    expect(throttle.due(1015)).toBe(false);
    expect(throttle.due(1020)).toBe(true);
  });

  it('restarts the interval only when it lets a write notify', () => {
    const throttle = new NotifyThrottle(10);
    expect(throttle.due(0)).toBe(true);
    for (let t = 1; t < 10; t++) expect(throttle.due(t)).toBe(false);
    expect(throttle.due(10)).toBe(true);
  });
});
