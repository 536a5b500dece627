/** The words of the server's refusals in Simplified Chinese (see refusals.ts). */
import type { RefusalsMessages } from './refusals.js';

export const refusalsZhCN: RefusalsMessages = {
  refusals: {
    'register-to-organise': '注册或登录后才能组织比赛。',
    'game-not-served': '本服务器还不提供这种棋。',
    'option-chosen-by-server': '这个选项由服务器为每盘棋决定，请不要设置。',
    'game-options': '这些对局选项无法进行。',
    'teams-pairs-only': '团体比赛只进行二对二。',
    'teams-no-arena': '团体比赛只能是瑞士制、循环赛或淘汰赛，不能是竞技场。',
    'tables-swiss-only': '{{players}} 人的棋在棋桌上进行，比赛只能用瑞士制。',
    'start-passed': '开始时间已经过了，请选择更晚的时间。',
    'tournament-format': '这个比赛的轮数、盘数或积分设置无效。',
    'organiser-limit': '你组织的比赛中已有 {{count}} 场尚未结束，请等其中一场结束。',
    'tournament-not-stored': '比赛未能保存，请重试。',
    'register-to-play': '注册或登录后才能参加比赛。',
    'no-tournament': '这个比赛不存在。',
    'tournament-over': '比赛已经结束。',
    'no-late-entries': '比赛已经开始；循环赛、淘汰赛和团体比赛不接受中途报名。',
    'team-name-needed': '请填写队名：填写相同队名的两名棋手组成一队。',
    'not-a-team-tournament': '这个比赛不是团体比赛。',
    'team-full': '{{team}} 队已经有两名棋手。',
    'already-in': '你已经报名了这个比赛。',
    withdrew: '你已退出这个比赛，不能再报名。',
    'tournament-full': '比赛人数已满。',
    'not-in': '你没有参加这个比赛。',
    'organiser-only': '只有组织者才能开始比赛。',
    'team-of-one': '{{team}} 队只有一名棋手，开始前还需要第二名。',
    'too-few-players': '棋手人数还不够，暂时不能开始。',
    'no-pairing': '下一轮暂时无法编排。',
  },
};
