/** The words of the server's refusals in Traditional Chinese (see refusals.ts). */
import type { RefusalsMessages } from './refusals.js';

export const refusalsZhTW: RefusalsMessages = {
  refusals: {
    'register-to-organise': '註冊或登入後才能組織比賽。',
    'game-not-served': '本伺服器還不提供這種棋。',
    'option-chosen-by-server': '這個選項由伺服器為每盤棋決定，請不要設定。',
    'game-options': '這些對局選項無法進行。',
    'teams-pairs-only': '團體比賽只進行二對二。',
    'teams-no-arena': '團體比賽只能是瑞士制、循環賽或淘汰賽，不能是競技場。',
    'tables-swiss-only': '{{players}} 人的棋在棋桌上進行，比賽只能用瑞士制。',
    'start-passed': '開始時間已經過了，請選擇更晚的時間。',
    'tournament-format': '這個比賽的輪數、盤數或積分設定無效。',
    'organiser-limit': '你組織的比賽中已有 {{count}} 場尚未結束，請等其中一場結束。',
    'tournament-not-stored': '比賽未能儲存，請重試。',
    'register-to-play': '註冊或登入後才能參加比賽。',
    'no-tournament': '這個比賽不存在。',
    'tournament-over': '比賽已經結束。',
    'no-late-entries': '比賽已經開始；循環賽、淘汰賽和團體比賽不接受中途報名。',
    'team-name-needed': '請填寫隊名：填寫相同隊名的兩名棋手組成一隊。',
    'not-a-team-tournament': '這個比賽不是團體比賽。',
    'team-full': '{{team}} 隊已經有兩名棋手。',
    'already-in': '你已經報名了這個比賽。',
    withdrew: '你已退出這個比賽，不能再報名。',
    'tournament-full': '比賽人數已滿。',
    'not-in': '你沒有參加這個比賽。',
    'organiser-only': '只有組織者才能開始比賽。',
    'team-of-one': '{{team}} 隊只有一名棋手，開始前還需要第二名。',
    'too-few-players': '棋手人數還不夠，暫時不能開始。',
    'no-pairing': '下一輪暫時無法編排。',
  },
};
