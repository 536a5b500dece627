/** The words of correspondence play in Traditional Chinese: a module of their own, so that a page loads only its language's. */
import type { TurnsMessages } from './turns.js';

export const turnsZhTW: TurnsMessages = {
  turns: {
    title: '輪到你',
    none: '目前沒有輪到你走棋的對局。',
    play: '走棋',
    count_one: '{{count}} 局輪到你走棋',
    count_other: '{{count}} 局輪到你走棋',
    vs: '對手：{{names}}',
    left: '剩 {{time}}',
    days: '{{d}} 天 {{h}} 小時',
    hours: '{{h}} 小時 {{m}} 分',
    minutes: '{{m}} 分鐘',
    notifyAsk: '在此瀏覽器中提醒我',
    notifyOn: '輪到你走棋時，此瀏覽器會跳出通知。',
    notifyBlocked: '此瀏覽器已封鎖本站的通知，可在瀏覽器設定中允許。',
    yourMove: '輪到你走棋：{{game}}',
    reminder: '走棋時間快到了：{{game}}',
  },
  email: {
    title: '郵件提醒',
    label: '電子郵件信箱',
    hint: '用於通信棋：輪到你走棋時，以及走棋時間用完之前提醒你。留空則不寄送。',
    save: '儲存',
    saved: '已儲存。',
    bad: '請填寫有效的電子郵件地址。',
    off: '本站目前不寄送郵件；地址會保留，待開通後使用。',
    guest: '註冊帳號後才能收到郵件提醒。',
  },
  vacation: {
    start: '開始休假',
    end: '結束休假',
    left: '剩餘假期：{{time}}',
    on: '休假中',
    about: '休假期間你的計時停止，本局最多 {{days}} 天。',
  },
};
