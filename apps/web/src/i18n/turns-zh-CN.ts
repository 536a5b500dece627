/** The words of correspondence play in Simplified Chinese: a module of their own, so that a page loads only its language's. */
import type { TurnsMessages } from './turns.js';

export const turnsZhCN: TurnsMessages = {
  turns: {
    title: '轮到你',
    none: '目前没有轮到你走棋的对局。',
    play: '走棋',
    count_one: '{{count}} 局轮到你走棋',
    count_other: '{{count}} 局轮到你走棋',
    vs: '对手：{{names}}',
    left: '剩 {{time}}',
    days: '{{d}} 天 {{h}} 小时',
    hours: '{{h}} 小时 {{m}} 分',
    minutes: '{{m}} 分钟',
    notifyAsk: '在此浏览器中提醒我',
    notifyOn: '轮到你走棋时，此浏览器会弹出通知。',
    notifyBlocked: '此浏览器已阻止本站的通知，可在浏览器设置中允许。',
    yourMove: '轮到你走棋：{{game}}',
    reminder: '走棋时间快到了：{{game}}',
  },
  email: {
    title: '邮件提醒',
    label: '电子邮箱',
    hint: '用于通信棋：轮到你走棋时，以及走棋时间用完之前提醒你。留空则不发送。',
    save: '保存',
    saved: '已保存。',
    bad: '请填写有效的电子邮箱地址。',
    off: '本站目前不发送邮件；地址会保留，待开通后使用。',
    guest: '注册账号后才能收到邮件提醒。',
  },
  vacation: {
    start: '开始休假',
    end: '结束休假',
    left: '剩余假期：{{time}}',
    on: '休假中',
    about: '休假期间你的计时停止，本局最多 {{days}} 天。',
  },
};
