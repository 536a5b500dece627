import { describe, expect, it } from 'vitest';
import { ManualClock } from '../src/server-clock.js';

describe('ManualClock', () => {
  it('runs the timers due on the way in the order of their time, each at its own time', async () => {
    const clock = new ManualClock(1000);
    const ran: [string, number][] = [];
    clock.after(300, () => ran.push(['c', clock.now()]));
    clock.after(100, () => ran.push(['a', clock.now()]));
    clock.after(100, () => ran.push(['b', clock.now()]));
    clock.after(500, () => ran.push(['late', clock.now()]));
    await clock.advance(300);
    expect(ran).toEqual([
      ['a', 1100],
      ['b', 1100],
      ['c', 1300],
    ]);
    expect(clock.now()).toBe(1300);
    expect(clock.timers).toBe(1);
  });

  it('runs a timer a timer set, when it falls due within the same advance', async () => {
    const clock = new ManualClock(0);
    const ran: number[] = [];
    clock.after(10, () => clock.after(10, () => ran.push(clock.now())));
    await clock.advance(15);
    expect(ran).toEqual([]);
    await clock.advance(5);
    expect(ran).toEqual([20]);
  });

  it('lets the work a timer starts go on before the next timer runs', async () => {
    const clock = new ManualClock(0);
    const order: string[] = [];
    clock.after(10, () => {
      void Promise.resolve()
        .then(() => new Promise((r) => setImmediate(r)))
        .then(() => order.push('first, finished'));
    });
    clock.after(20, () => order.push('second'));
    await clock.advance(20);
    expect(order).toEqual(['first, finished', 'second']);
  });

  it('repeats an interval, once at its last period before each other timer and the target, and never runs a cancelled timer', async () => {
    const clock = new ManualClock(0);
    const ticks: number[] = [];
    const every = clock.every(100, () => ticks.push(clock.now()));
    const never = clock.after(50, () => ticks.push(-1));
    never.cancel();
    await clock.advance(100);
    expect(ticks).toEqual([100]);
    clock.after(450, () => ticks.push(-550));
    await clock.advance(1000);
    // the periods 200…400 slept through; 500 before the timer of 550, then 1100 at the target
    expect(ticks).toEqual([100, 500, -550, 1100]);
    every.cancel();
    await clock.advance(1000);
    expect(ticks).toHaveLength(4);
    expect(clock.timers).toBe(0);
  });

  it('moves only forward', async () => {
    const clock = new ManualClock(500);
    expect(() => clock.advance(-1)).toThrow(/forward/);
    await clock.advanceTo(100);
    expect(clock.now()).toBe(500);
  });
});
