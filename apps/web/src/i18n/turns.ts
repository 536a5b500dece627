/**
 * The words of correspondence play: the "your turn" list and its count in the header, notifications, the e-mail
 * address of account settings, and vacations in a correspondence game. Each language is a module of its own, loaded
 * with the language; zh-CN and zh-TW are typed against English.
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
