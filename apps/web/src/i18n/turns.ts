/**
 * The words of correspondence play: the "your turn" list and its count in the header, notifications, the e-mail
 * address of account settings, and vacations in a correspondence game. zh-CN and zh-TW are typed against English.
 */
export const turnsEn = {
  turns: {
    title: 'Your turn',
    none: 'It is not your move in any game.',
    play: 'Play',
    count_one: '{{count}} game where it is your move',
    count_other: '{{count}} games where it is your move',
    vs: 'against {{names}}',
    left: '{{time}} left',
    days: '{{d}} d {{h}} h',
    hours: '{{h}} h {{m}} min',
    minutes: '{{m}} min',
    notifyAsk: 'Notify me in this browser',
    notifyOn: 'This browser shows a notification when it is your move.',
    notifyBlocked: 'This browser blocks notifications from this site; its settings can allow them.',
    yourMove: 'Your move: {{game}}',
    reminder: 'Your time runs out soon: {{game}}',
  },
  email: {
    title: 'E-mail notices',
    label: 'E-mail address',
    hint: 'For correspondence games: when it is your move, and a reminder before your time runs out. Leave it empty for none.',
    save: 'Save',
    saved: 'Saved.',
    bad: 'Please enter a valid e-mail address.',
    off: 'This site sends no e-mail at the moment; the address is kept for when it does.',
    guest: 'Create an account to receive e-mail notices.',
  },
  vacation: {
    start: 'Take a vacation',
    end: 'End my vacation',
    left: 'Vacation left: {{time}}',
    on: 'on vacation',
    about: 'While you are on vacation your clock does not run, up to {{days}} days in this game.',
  },
};

export type TurnsMessages = typeof turnsEn;

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
