/** A player's profile's words (Simplified Chinese). */
import type { PlayerPageWords } from './player-words.js';

export const playerPageZhCN: PlayerPageWords = {
  player: {
    title: '棋手 {{name}}',
    me: '我的资料',
    ratings: '等级分',
    columns: { game: '棋类', speed: '节奏', rating: '等级分', deviation: '偏差', games: '局数' },
    provisional: '暂定',
    noRatings: '还没有计等级分的对局。',
    counts_one: '共 {{count}} 局：胜 {{wins}}，和 {{draws}}，负 {{losses}}，进行中 {{playing}}',
    counts_other: '共 {{count}} 局：胜 {{wins}}，和 {{draws}}，负 {{losses}}，进行中 {{playing}}',
    history: '等级分走势',
    date: '日期',
    games: '对局',
    noGames: '还没有对局。',
    more: '更早的对局',
    result: { win: '胜', loss: '负', draw: '和', playing: '进行中', aborted: '已取消', seeking: '等待中' },
    vs: '对手：{{names}}',
    alone: '无对手',
    notFound: '没有这个名字的棋手。',
    guest: '游客没有公开资料。注册账号即可保留等级分和对局记录。',
    find: '查找棋手',
    show: '查看',
    offline: '资料来自服务器，目前无法连接。',
    replay: '复盘',
    watch: '观战',
    rated: '计等级分',
  },
};
