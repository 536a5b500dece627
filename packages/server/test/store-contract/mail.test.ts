import { expect, it } from 'vitest';
import { type MailCounts, type MailKind, MailLogRepo } from '../../src/repos/mail.js';
import { fresh } from './rows.js';
import { describeStores } from './stores.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = 1_800_000_000_000;

const none: MailCounts = {
  toAddress: 0,
  toAccount: 0,
  confirmToAddress: 0,
  confirmToAccount: 0,
  resetToAddressInHour: 0,
  resetToAddress: 0,
};

describeStores('the mail log', (store) => {
  const repo = () => new MailLogRepo(store());
  const log = async (address: string, userId: string, kind: MailKind, at: number): Promise<string> => {
    const id = fresh('m');
    await repo().record({ id, address, userId, kind, at });
    return id;
  };
  const counts = (address: string, userId: string) => repo().counts(address, userId, NOW - DAY, NOW - HOUR);

  it('counts nothing for an address and account never mailed', async () => {
    expect(await counts(fresh('a'), fresh('u'))).toEqual(none);
  });

  it('counts each cap’s mails: by address, by account, by kind, in the hour and in the day', async () => {
    const [address, other] = [fresh('a'), fresh('a')];
    const [user, someone] = [fresh('u'), fresh('u')];
    await log(address, user, 'notice', NOW - 10);
    await log(address, someone, 'confirm', NOW - 2 * HOUR);
    await log(other, user, 'confirm', NOW - 3 * HOUR);
    await log(address, someone, 'reset', NOW - HOUR / 2);
    await log(address, user, 'reset', NOW - 5 * HOUR);
    await log(other, someone, 'reset', NOW - 10);
    expect(await counts(address, user)).toEqual({
      toAddress: 4,
      toAccount: 3,
      confirmToAddress: 1,
      confirmToAccount: 1,
      resetToAddressInHour: 1,
      resetToAddress: 2,
    });
    // the same log seen for the other address and account
    expect(await counts(other, someone)).toEqual({
      toAddress: 2,
      toAccount: 3,
      confirmToAddress: 1,
      confirmToAccount: 1,
      resetToAddressInHour: 1,
      resetToAddress: 1,
    });
  });

  it('counts only mails strictly later than each window’s start', async () => {
    const [address, user] = [fresh('a'), fresh('u')];
    await log(address, user, 'reset', NOW - DAY);
    await log(address, user, 'reset', NOW - HOUR);
    await log(address, user, 'reset', NOW - HOUR + 1);
    expect(await counts(address, user)).toMatchObject({ toAddress: 2, toAccount: 2, resetToAddress: 2 });
    expect((await counts(address, user)).resetToAddressInHour).toBe(1);
  });

  it('gives a place back, and prunes only rows older than the bound', async () => {
    const [address, user] = [fresh('a'), fresh('u')];
    const kept = await log(address, user, 'notice', NOW - 10);
    await log(address, user, 'notice', NOW - 20);
    await repo().remove(kept);
    expect((await counts(address, user)).toAddress).toBe(1);
    const [old, young] = [fresh('a'), fresh('a')];
    await log(old, user, 'notice', 100);
    await log(young, user, 'notice', 200);
    // other cases' rows are older than this bound too, so only a lower bound on the count is theirs to share
    expect(await repo().pruneBefore(150)).toBeGreaterThanOrEqual(1);
    expect(await repo().counts(old, fresh('u'), 0, 0)).toMatchObject({ toAddress: 0 });
    expect(await repo().counts(young, fresh('u'), 0, 0)).toMatchObject({ toAddress: 1 });
    expect(await repo().pruneBefore(150)).toBe(0);
  });
});
